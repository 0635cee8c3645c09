import type { FastifyInstance } from 'fastify';
import { DEFAULT_FONTS } from './export-pdf.ts';
import { registerReportFileRoutes } from './routes.ts';
import { registerReportRunRoutes } from './run-routes.ts';
import { sqlLimits } from './sql-runner.ts';

export interface ReportModuleOptions {
  /** Whether SQL datasets may run: PostgreSQL only. */
  sqlDatasets: boolean;
  /** The PDF exports' font instead of the Noto Sans SC shipped in npm. */
  pdfFont?: { path: string; family?: string };
  sqlTimeoutS?: number;
}

/** blade-report: the report designer's stored reports, their datasets, preview and exports (issue 22). */
export function registerReportModule(app: FastifyInstance, options: ReportModuleOptions): void {
  if (options.sqlTimeoutS) sqlLimits.timeoutMs = options.sqlTimeoutS * 1000;
  const fonts = options.pdfFont ? { regular: options.pdfFont, bold: options.pdfFont } : DEFAULT_FONTS;
  registerReportFileRoutes(app);
  registerReportRunRoutes(app, { sqlDatasets: options.sqlDatasets, fonts });
}

export { seedStockValueReport } from './seed.ts';
