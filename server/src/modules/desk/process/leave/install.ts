import fs from 'node:fs';
import type { AnyTrx } from '../../../../platform/tenancy/tenant-db.ts';
import { deployFiles, latestDefinitionId } from '../../../flow/index.ts';

export const LEAVE_KEY = 'Leave';
/** The `flow` dictionary's 请假流程: the web's start list opens the leave form for it. */
export const LEAVE_CATEGORY = 'flow_1';
const FILE = 'leave.bpmn20.xml';

/**
 * Deploys the leave process into a tenant that has none yet (the seed, every new tenant), so a fresh
 * installation can run it at once: HR (the approver chosen on the form), then a manager for three
 * days or less, the boss beyond (candidate groups `manager` and `boss`, roles of the tenant); any
 * rejection goes back to the applicant, who resubmits or closes it.
 */
export async function installLeaveProcess(trx: AnyTrx, tenantId: string): Promise<void> {
  if (await latestDefinitionId(trx, tenantId, LEAVE_KEY)) return;
  const xml = fs.readFileSync(new URL(`./${FILE}`, import.meta.url), 'utf8');
  await deployFiles(trx, null, { tenantIds: [tenantId], category: LEAVE_CATEGORY, files: [{ name: FILE, xml }] });
}
