import { useEffect, useRef, useState } from 'react';

export type CameraStatus = 'starting' | 'live' | 'unavailable';

/**
 * The front camera in a <video>, while the component lives: `snapshot` takes the current frame as a
 * JPEG. No camera, or no permission, is `unavailable` (the kiosk then offers an upload).
 */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus('unavailable');
      return;
    }
    let stream: MediaStream | null = null;
    let ended = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then(async (opened) => {
        stream = opened;
        const video = videoRef.current;
        if (ended || !video) return stopAll(opened);
        video.srcObject = opened;
        await video.play();
        if (!ended) setStatus('live');
      })
      .catch(() => !ended && setStatus('unavailable'));
    return () => {
      ended = true;
      if (stream) stopAll(stream);
    };
  }, []);

  const snapshot = (): Promise<Blob> => {
    const video = videoRef.current;
    if (!video?.videoWidth) return Promise.reject(new Error('the camera shows no picture yet'));
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    return new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/jpeg', 0.92),
    );
  };

  return { videoRef, status, snapshot };
}

const stopAll = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};
