/** A real multipart body, as a browser's FormData sends it. */
export async function form(
  parts: Record<string, string | { bytes: Uint8Array | string; name: string; type?: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [field, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(field, value);
    else data.append(field, new Blob([value.bytes], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
