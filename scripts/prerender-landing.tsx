import fs from 'node:fs';
import zlib from 'node:zlib';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import LandingApp, { PRERENDERED_THEME } from '../src/features/landing/LandingApp';
import { setupStore } from '../src/store';

/** The empty root element, as html-webpack-plugin's minifier writes it (attribute quotes dropped). */
const ROOT_ELEMENT = /<div id="?root"?><\/div>/;

/**
 * The landing page as its first render draws it (PRERENDERED_THEME, the connection still being checked),
 * put into the built index.html with the styles it uses: a browser paints it before any script has
 * arrived, and src/main.tsx hydrates it. Emotion's key is its default one, so that the client's
 * cache takes these styles over instead of inserting them again.
 */
function prerenderLanding(indexHtml: string): string {
  if (!ROOT_ELEMENT.test(indexHtml)) throw new Error('index.html has no empty <div id="root"> to render into');
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const store = setupStore({ theme: { mode: PRERENDERED_THEME } }, { runSagas: false });
  const markup = renderToString(
    <CacheProvider value={cache}>
      <LandingApp store={store} navigate={() => undefined} />
    </CacheProvider>,
  );
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(markup));
  return indexHtml.replace('</head>', `${styles}</head>`).replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
}

/**
 * `prerender-landing.tsx <index.html> <landing.html>`, run by scripts/web-build.ts after webpack in a
 * process with NODE_ENV=production, so that React, MUI and Emotion render as the built app does
 * (production class names carry no debug labels, which hydration would find different).
 */
const [indexFile, landingFile] = process.argv.slice(2);
if (process.env.NODE_ENV !== 'production') throw new Error('prerender the landing page with NODE_ENV=production');
const landing = prerenderLanding(fs.readFileSync(indexFile, 'utf8'));
fs.writeFileSync(landingFile, landing);
fs.writeFileSync(`${landingFile}.gz`, zlib.gzipSync(landing, { level: 9 }));
