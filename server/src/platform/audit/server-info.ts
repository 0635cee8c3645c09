import os from 'node:os';

const firstAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';

/** Where a log row was written, as BladeX records it (service, host, ip, env). */
export const serverInfo = {
  service_id: 'cloud-warehouse',
  server_host: os.hostname(),
  server_ip: firstAddress(),
  env: process.env.NODE_ENV === 'production' ? 'prod' : 'dev',
};
