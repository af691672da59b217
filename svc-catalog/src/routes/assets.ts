import { fileURLToPath } from 'node:url';
import express, { type RequestHandler } from 'express';

const ASSETS_FOLDER = fileURLToPath(new URL('../../assets', import.meta.url));

/** The catalog's own images (course banners, instructor portraits), cached by browsers for a day. */
export function assetsHandler(): RequestHandler {
  return express.static(ASSETS_FOLDER, { maxAge: '1d', index: false, fallthrough: true });
}
