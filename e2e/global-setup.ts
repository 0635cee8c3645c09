import { FAKE_CAMERA_FILE, faces, writeFakeCamera } from './support/faces.ts';

/** Before any browser starts: the video its fake camera will play (the kiosk tests' enrolled man). */
export default async function globalSetup() {
  await writeFakeCamera(await faces.man(), FAKE_CAMERA_FILE);
}
