import type { FastifyInstance } from 'fastify';
import { registerFlowBusiness } from '../flow/index.ts';
import { deliveryApproval } from './delivery/approval.ts';
import { registerDeliveryRoutes } from './delivery/routes.ts';
import { registerDeviceRoutes } from './device/routes.ts';
import { type FaceOptions, registerFaceRoutes } from './face/routes.ts';
import { registerFaceimgRoutes } from './faceimg/routes.ts';
import { registerMaterialsRoutes } from './materials/routes.ts';
import { registerMaterialsCodeRoutes } from './materialscode/routes.ts';
import { registerMaterialsTypeRoutes } from './materialstype/routes.ts';
import { registerMovementRoutes } from './movement/routes.ts';
import { registerNoticeRoutes } from './notice/routes.ts';
import { registerProviderRoutes } from './provider/routes.ts';
import { registerQrRoutes } from './qr/routes.ts';
import { registerRefuelRoutes } from './refuel/routes.ts';
import { registerReportRoutes } from './report/routes.ts';
import { registerWarrantRoutes } from './warrant/routes.ts';

/**
 * The warehouse (`/api/warehouse/*`, devices under `/api/blade-warehouse/device`): master data,
 * stock and its ledger, inbound, outbound, warrants, notices, QR labels, persons and the kiosk.
 */
export function registerWarehouseModule(app: FastifyInstance, options: { face: FaceOptions }): void {
  registerFlowBusiness(deliveryApproval);
  registerDeviceRoutes(app);
  registerMaterialsTypeRoutes(app);
  registerMaterialsCodeRoutes(app);
  registerProviderRoutes(app);
  registerMaterialsRoutes(app);
  registerMovementRoutes(app);
  registerRefuelRoutes(app);
  registerDeliveryRoutes(app);
  registerWarrantRoutes(app);
  registerFaceimgRoutes(app);
  registerFaceRoutes(app, options.face);
  registerNoticeRoutes(app);
  registerQrRoutes(app);
  registerReportRoutes(app);
}

export { applyOutbound } from './delivery/service.ts';
export { createDemoWarehouse } from './demo.ts';
export { enrolDemoFace } from './demo-face.ts';
export { kioskAuthenticator } from './device/kiosk-key.ts';
export { keptKeyFigures } from './report/charts.ts';
export { warehouseVersionOf } from './report/kept.ts';
export { assertWarranted } from './warrant/check.ts';
