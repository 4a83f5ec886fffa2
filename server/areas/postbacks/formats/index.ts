/**
 * The postback formats by source (the URL's `:source`, the plugin type in lower case). Adding a partner is one file in
 * this folder and one line here.
 */
import type { PostbackFormat } from '../format';
import { appsflyer } from './appsflyer';
import { adjust } from './adjust';

export const POSTBACK_FORMATS: Readonly<Record<string, PostbackFormat>> = {
  appsflyer,
  adjust,
};

export const postbackFormat = (source: string): PostbackFormat | null =>
  Object.prototype.hasOwnProperty.call(POSTBACK_FORMATS, source) ? POSTBACK_FORMATS[source]! : null;
