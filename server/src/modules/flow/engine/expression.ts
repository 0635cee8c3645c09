import jsep from 'jsep';
import { flowMessages as m } from '../messages.ts';

/** A process variable: what a condition compares and a task's assignee names. */
export type FlowValue = string | number | boolean | null;
export type FlowVariables = Record<string, FlowValue>;

/**
 * An expression's problem, as a catalogue key and its values: the step that met it fails as a whole
 * and answers this message (error-handler), so the rollback is not a 500.
 */
export class FlowExpressionError extends Error {
  readonly key: string;
  readonly params: Record<string, unknown>;
  constructor(key: string, params: Record<string, unknown>) {
    super(key);
    this.name = 'FlowExpressionError';
    this.key = key;
    this.params = params;
  }
}

type Node = jsep.Expression;
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const LOGICAL = new Set(['&&', '||']);
const WHOLE = /^\$\{([\s\S]+)\}$/;

/** Whether text is one `${…}` expression (Flowable's JUEL form); anything else is a literal. */
export const isExpression = (text: string): boolean => WHOLE.test(text.trim());

/**
 * Parses Flowable's `${days > 3}`, `${!pass}`: identifiers, literals, `!` (and `-` before a number),
 * comparisons, `&&` and `||`. Nothing else (members, calls, arrays, ternaries) is accepted: the
 * language can name variables and compare them, and cannot reach anything.
 */
export function parseExpression(text: string): Node {
  const body = WHOLE.exec(text.trim())?.[1];
  if (!body) throw new FlowExpressionError(m['flow.expression.syntax'], { expression: text, detail: '${…}' });
  let tree: Node;
  try {
    tree = jsep(body);
  } catch (error) {
    throw new FlowExpressionError(m['flow.expression.syntax'], { expression: text, detail: (error as Error).message });
  }
  check(tree, text);
  return tree;
}

function check(node: Node, text: string): void {
  const refuse = (part: string) => {
    throw new FlowExpressionError(m['flow.expression.unsupported'], { expression: text, part });
  };
  switch (node.type) {
    case 'Identifier':
    case 'Literal':
      return;
    case 'UnaryExpression': {
      const { operator, argument } = node as jsep.UnaryExpression;
      if (operator === '-' && argument.type === 'Literal' && typeof (argument as jsep.Literal).value === 'number')
        return;
      if (operator !== '!') refuse(operator);
      check(argument, text);
      return;
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      if (!COMPARISONS.has(operator) && !LOGICAL.has(operator)) refuse(operator);
      check(left, text);
      check(right, text);
      return;
    }
    default:
      refuse(node.type === 'Compound' && !(node as jsep.Compound).body.length ? '(empty)' : node.type);
  }
}

/** The identifiers an expression reads. */
export function variablesOf(node: Node): string[] {
  if (node.type === 'Identifier') return [(node as jsep.Identifier).name];
  if (node.type === 'UnaryExpression') return variablesOf((node as jsep.UnaryExpression).argument);
  if (node.type === 'BinaryExpression') {
    const { left, right } = node as jsep.BinaryExpression;
    return [...variablesOf(left), ...variablesOf(right)];
  }
  return [];
}

/** The value of a parsed expression over the variables; an unknown variable or a mismatch is an error. */
export function evaluate(node: Node, variables: FlowVariables, text: string): FlowValue {
  switch (node.type) {
    case 'Identifier': {
      const { name } = node as jsep.Identifier;
      if (!Object.hasOwn(variables, name))
        throw new FlowExpressionError(m['flow.expression.unknownVariable'], { name });
      return variables[name]!;
    }
    case 'Literal':
      return (node as jsep.Literal).value as FlowValue;
    case 'UnaryExpression': {
      const { operator, argument } = node as jsep.UnaryExpression;
      const value = evaluate(argument, variables, text);
      return operator === '-' ? -(value as number) : !truth(value, text);
    }
    default: {
      const { operator, left, right } = node as jsep.BinaryExpression;
      const a = evaluate(left, variables, text);
      if (operator === '&&') return truth(a, text) && truth(evaluate(right, variables, text), text);
      if (operator === '||') return truth(a, text) || truth(evaluate(right, variables, text), text);
      return compare(operator, a, evaluate(right, variables, text), text);
    }
  }
}

function truth(value: FlowValue, text: string): boolean {
  if (typeof value !== 'boolean') throw new FlowExpressionError(m['flow.expression.notBoolean'], { expression: text });
  return value;
}

function compare(operator: string, a: FlowValue, b: FlowValue, text: string): boolean {
  if (operator === '==') return a === b;
  if (operator === '!=') return a !== b;
  // Ordering compares numbers with numbers, texts with texts: `null > 3` is an error, not false.
  const comparable =
    (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!comparable) throw new FlowExpressionError(m['flow.expression.notComparable'], { expression: text });
  const x = a as number | string;
  const y = b as number | string;
  if (operator === '<') return x < y;
  if (operator === '<=') return x <= y;
  if (operator === '>') return x > y;
  return x >= y;
}

/** A condition's outcome: it must be true or false. */
export function evaluateCondition(text: string, variables: FlowVariables): boolean {
  return truth(evaluate(parseExpression(text), variables, text), text);
}

/** An assignment's value: `${var}` evaluated, any other text as it is. */
export function resolveValue(text: string, variables: FlowVariables): FlowValue {
  return isExpression(text) ? evaluate(parseExpression(text), variables, text) : text;
}
