import type { Migration } from 'kysely/migration';
import * as platform from './0001_platform.ts';
import * as system from './0002_system.ts';
import * as systemAccess from './0003_system_access.ts';
import * as userPlatform from './0004_user_platform.ts';
import * as uniqueRules from './0005_unique_rules.ts';
import * as datasource from './0006_datasource.ts';
import * as attach from './0007_attach.ts';
import * as warehouse from './0008_warehouse.ts';
import * as revocations from './0009_revocations.ts';
import * as signInGuard from './0010_sign_in_guard.ts';
import * as listPlans from './0011_list_plans.ts';
import * as stockFlows from './0012_stock_flows.ts';
import * as deviceLists from './0013_device_lists.ts';
import * as stockListOrder from './0014_stock_list_order.ts';
import * as flowsByDevice from './0015_flows_by_device.ts';
import * as stockCodes from './0016_stock_codes.ts';
import * as flowSums from './0017_flow_sums.ts';
import * as numberSearch from './0018_number_search.ts';
import * as flow from './0019_flow.ts';
import * as attachKey from './0020_attach_key.ts';
import * as sms from './0021_sms.ts';
import * as logs from './0022_logs.ts';
import * as notice from './0023_notice.ts';
import * as oss from './0024_oss.ts';
import * as searchPlans from './0025_search_plans.ts';
import * as warehouseVersion from './0026_warehouse_version.ts';
import * as code from './0027_code.ts';
import * as report from './0028_report.ts';
import * as social from './0029_social.ts';
import * as tenantMove from './0030_tenant_move.ts';
import * as moveUncounted from './0031_move_uncounted.ts';
import * as tenantDepartures from './0032_tenant_departures.ts';

/** Every migration, in order. Forward only: a released migration is never edited, only followed. */
export const migrations: Record<string, Migration> = {
  '0001_platform': platform,
  '0002_system': system,
  '0003_system_access': systemAccess,
  '0004_user_platform': userPlatform,
  '0005_unique_rules': uniqueRules,
  '0006_datasource': datasource,
  '0007_attach': attach,
  '0008_warehouse': warehouse,
  '0009_revocations': revocations,
  '0010_sign_in_guard': signInGuard,
  '0011_list_plans': listPlans,
  '0012_stock_flows': stockFlows,
  '0013_device_lists': deviceLists,
  '0014_stock_list_order': stockListOrder,
  '0015_flows_by_device': flowsByDevice,
  '0016_stock_codes': stockCodes,
  '0017_flow_sums': flowSums,
  '0018_number_search': numberSearch,
  '0019_flow': flow,
  '0020_attach_key': attachKey,
  '0021_sms': sms,
  '0022_logs': logs,
  '0023_notice': notice,
  '0024_oss': oss,
  '0025_search_plans': searchPlans,
  '0026_warehouse_version': warehouseVersion,
  '0027_code': code,
  '0028_report': report,
  '0029_social': social,
  '0030_tenant_move': tenantMove,
  '0031_move_uncounted': moveUncounted,
  '0032_tenant_departures': tenantDepartures,
};
