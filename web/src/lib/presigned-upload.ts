/**
 * A file straight to S3 by presigned POST (documents; large ledger files). XMLHttpRequest, because
 * fetch has no upload progress. The presigned fields go first: S3 reads them before the file.
 */
export function postPresigned(
  upload: { url: string; fields: Record<string, string> },
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`S3 ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('S3 network error'));
    xhr.send(form);
  });
}
