/**
 * Browser side of the CMS image pipeline (docs/app-settings.md §Rules and limits; rules in src/contracts/cms.ts): read a picked JPEG's
 * dimensions by loading it as an image, and recompress it to JPEG within the slot's box at most 1 MB, quality 0.8 down
 * to 0.3 (the loop is the contract's pure `compressWithQualities`). Used only by machines' actors.
 */
import imageCompression from 'browser-image-compression';
import {
  CMS_COMPRESSED_TYPE,
  CMS_COMPRESSION_TARGETS,
  compressWithQualities,
  fitWithin,
  type CmsImageKind,
  type Dimensions,
} from '../contracts/cms';

/** The image's natural size, or null when the browser cannot decode it ('Invalid image file.'). */
export function readImageDimensions(file: Blob): Promise<Dimensions | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    image.src = url;
  });
}

/** docs/app-settings.md §Rules and limits check on load: whether the bytes start as a JPEG (FF D8 FF, as the server checks) and the image's size. */
export async function readCmsImage(file: Blob): Promise<{ jpeg: boolean; dimensions: Dimensions | null }> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  const jpeg = head.length === 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return { jpeg, dimensions: jpeg ? await readImageDimensions(file) : null };
}

/** Recompresses a checked JPEG for its slot; the result keeps the file's name. */
export async function compressCmsImage(file: File, kind: CmsImageKind, dimensions: Dimensions): Promise<File> {
  const box = fitWithin(dimensions, CMS_COMPRESSION_TARGETS[kind]);
  const { blob } = await compressWithQualities((quality) =>
    imageCompression(file, {
      // One encode per quality: the size loop is ours, so the library's own size target is left out of the way.
      maxSizeMB: Number.POSITIVE_INFINITY,
      maxWidthOrHeight: Math.max(box.width, box.height),
      initialQuality: quality,
      fileType: CMS_COMPRESSED_TYPE,
      useWebWorker: false,
    }),
  );
  return new File([blob], file.name, { type: CMS_COMPRESSED_TYPE });
}
