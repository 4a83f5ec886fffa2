/**
 * Files (docs/apps.md §Rules and limits): uploaded images, checked by content (type, size, dimensions), stored and
 * served by id.
 * This file is the area's only door (docs/architecture.md §Areas and their doors): other areas, server/areas.ts and
 * the demo import what is named here, nothing else of the folder.
 */
export { fileUrl, storeFile } from './files';
export type { UploadedImage } from './files';
export { checkIconDimensions } from './image-dimensions';
export { isJpeg, jpegDimensions } from './jpeg';
export { fileRoutes } from './routes';
