import type { z } from 'zod';
import { wallClock } from '../time/zone.ts';

/**
 * An answer shaped by its schema as BladeX's Jackson writes it (`null-to-empty`, see
 * ../shared/reference/bladex-backend-facts.md §3): a null the schema types becomes that type's empty
 * value (text and dates `""`, numbers `-1`, booleans `false`, lists `[]`, objects `{}`), and a date
 * becomes the server's wall-clock text. Clients written for BladeX call `split` on texts and `length`
 * on lists without testing for null; this product's own client reads the same answers.
 *
 * A shaper is compiled once per route from the schema, then run on every answer. It copies what it
 * changes and never writes into the handler's data, which may be a cache's.
 */
export type Shaper = (value: unknown) => unknown;

export interface ShapeOptions {
  /** What becomes of keys a strict (`z.object`) schema does not name (a loose one keeps them). */
  extra: 'strip' | 'keep';
  /**
   * Shaped for the answers' check (validation.ts) instead of the wire: nulls stay null, and a date stays
   * a Date where the schema types it as one (the document writes those as the wall clock's text).
   */
  forCheck?: boolean;
}

/** The child nodes of a tree node, of the node's own shape (a schema cannot name itself without a registry). */
const sameNodeLists = new WeakSet<object>();

/** Marks a tree node's `children`: a list of nodes shaped as the node that holds them. */
export function sameNodes<T extends z.ZodType>(schema: T): T {
  sameNodeLists.add(schema);
  return schema;
}

type Def = { type: string } & Record<string, unknown>;

/** Schemas around another (`innerType`) that answer as it does. */
const WRAPPERS = new Set(['nullable', 'optional', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const asIs: Shaper = (value) => (value instanceof Date ? wallClockOrNull(value) : value);
const wallClockOrNull = (at: Date) => (Number.isNaN(at.getTime()) ? null : wallClock(at));

/** What BladeX answers for a null of this schema's type; null where the type is not one it empties. */
function emptyOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 20) return null;
  if (WRAPPERS.has(def.type)) return emptyOf(def.innerType as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
    case 'date':
    case 'enum':
    case 'template_literal':
      return '';
    case 'number':
    case 'bigint':
      return -1;
    case 'boolean':
      return false;
    case 'array':
    case 'tuple':
    case 'set':
      return [];
    case 'object':
    case 'record':
    case 'map':
      return {};
    case 'literal':
      return emptyOfLiteral(def.values as unknown[]);
    case 'pipe':
      return defOf(def.out).type === 'transform' ? null : emptyOf(def.out as z.ZodType, depth + 1);
    case 'lazy':
      return emptyOf((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return null;
  }
}

function emptyOfLiteral(values: unknown[]): unknown {
  const first = values[0];
  if (typeof first === 'string') return '';
  if (typeof first === 'number') return -1;
  if (typeof first === 'boolean') return false;
  return null;
}

/** The shaper of a schema's answers. */
export function compileShaper(schema: z.ZodType, options: ShapeOptions): Shaper {
  return new Compiler(options).shaper(schema);
}

class Compiler {
  private readonly compiled = new Map<object, Shaper>();
  private readonly options: ShapeOptions;
  constructor(options: ShapeOptions) {
    this.options = options;
  }

  /**
   * `node` is the shaper of the object whose field this is, for its `sameNodes` children: a field's
   * shaper depends on it (an extended node shapes its children as itself), so only a shaper without
   * one is kept for the next use of the same schema.
   */
  shaper(schema: z.ZodType, node?: Shaper): Shaper {
    if (node) return this.build(schema, node);
    const known = this.compiled.get(schema);
    if (known) return known;
    const compiled = this.build(schema);
    this.compiled.set(schema, compiled);
    return compiled;
  }

  private build(schema: z.ZodType, node?: Shaper): Shaper {
    const def = defOf(schema);
    if (WRAPPERS.has(def.type)) return this.withEmpty(schema, this.shaper(def.innerType as z.ZodType, node));
    switch (def.type) {
      case 'object':
        return this.withEmpty(schema, this.object(def));
      case 'array':
        return this.withEmpty(schema, this.array(schema, def, node));
      case 'pipe':
        return defOf(def.out).type === 'transform' ? asIs : this.shaper(def.out as z.ZodType, node);
      case 'lazy': {
        // compiled when first used: the schema may be recursive
        let inner: Shaper | undefined;
        return (value) => {
          inner ??= this.shaper((def.getter as () => z.ZodType)(), node);
          return inner(value);
        };
      }
      case 'record':
        return this.withEmpty(schema, this.record(def));
      case 'date':
        return this.withEmpty(schema, this.options.forCheck ? (value) => value : asIs);
      default:
        return this.withEmpty(schema, asIs);
    }
  }

  /** Null becomes the type's empty value (none for an untyped schema: it stays null). */
  private withEmpty(schema: z.ZodType, shape: Shaper): Shaper {
    const empty = this.options.forCheck ? null : emptyOf(schema);
    if (empty === null) return shape;
    const fresh = typeof empty === 'object' ? () => (Array.isArray(empty) ? [] : {}) : () => empty;
    return (value) => (value === null ? fresh() : shape(value));
  }

  private array(schema: z.ZodType, def: Def, node?: Shaper): Shaper {
    const item = sameNodeLists.has(schema) && node ? node : this.shaper(def.element as z.ZodType);
    return (value) => (Array.isArray(value) ? value.map(item) : asIs(value));
  }

  private record(def: Def): Shaper {
    const item = this.shaper(def.valueType as z.ZodType);
    return (value) => {
      if (!isPlainObject(value)) return asIs(value);
      const out: Record<string, unknown> = {};
      for (const key in value) out[key] = item(value[key]);
      return out;
    };
  }

  private object(def: Def): Shaper {
    const strip = def.catchall === undefined && this.options.extra === 'strip';
    const fields = new Map<string, Shaper>();
    const self: Shaper = (value) => shapeObject(value);
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      fields.set(key, this.shaper(field, self));
    }
    // the value's own order of keys, as JSON.stringify would write them
    const shapeObject = (value: unknown): unknown => {
      if (!isPlainObject(value)) return asIs(value);
      const out: Record<string, unknown> = {};
      for (const key in value) {
        const shape = fields.get(key);
        if (shape) out[key] = value[key] === undefined ? undefined : shape(value[key]);
        else if (!strip) out[key] = asIs(value[key]);
      }
      return out;
    };
    return shapeObject;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The first place where `kept` has a key `stripped` has not (an answer's field its schema does not name). */
export function unnamedField(kept: unknown, stripped: unknown, path = ''): string | null {
  if (Array.isArray(kept) && Array.isArray(stripped)) {
    for (let i = 0; i < kept.length; i++) {
      const found = unnamedField(kept[i], stripped[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(kept) || !isPlainObject(stripped)) return null;
  for (const key in kept) {
    if (!(key in stripped)) return `${path}.${key}`;
    const found = unnamedField(kept[key], stripped[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}
