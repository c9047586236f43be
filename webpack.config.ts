import path from 'node:path';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { CROSS_ORIGIN_OPENER_POLICY } from './server/plugins/security';

export const WEB_OUT_DIR = path.resolve(__dirname, 'dist/web');
/** Which files each named chunk group needs (the entry's render the landing page), for the bundle benchmark. */
export const CHUNK_GROUPS_FILE = 'chunk-groups.json';

const CSS_VARIABLES_UNAVAILABLE =
  "export default function createThemeWithVars() { throw new Error('MUI theme CSS variables are left out of this build (webpack.config.ts)'); }";

/** Writes CHUNK_GROUPS_FILE: every named chunk group (entries and named lazy chunks) → its JS files. */
class ChunkGroupsManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
          }
          compilation.emitAsset(CHUNK_GROUPS_FILE, new webpack.sources.RawSource(JSON.stringify(groups, null, 2)));
        },
      );
    });
  }
}

/** The swc options shared by webpack (swc-loader) and Jest (@swc/jest). */
export const swcOptions = (development: boolean) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    target: 'es2022',
    transform: { react: { runtime: 'automatic', development, refresh: false } },
  },
});

/** What the build adds to webpack: the API base URL and mode, a trimmed MUI, the HTML, the manifest, copies, gzip. */
function plugins(mode: NonNullable<Configuration['mode']>, development: boolean) {
  return [
    new webpack.DefinePlugin({
      'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? '/api/v1'),
      'process.env.NODE_ENV': JSON.stringify(mode),
    }),
    // src/theme.ts creates its themes without CSS variables, for which MUI's createTheme calls
    // createThemeNoVars; the CSS-variables branch it also imports (about 5 KB gzip) never runs here.
    new webpack.NormalModuleReplacementPlugin(/^\.\/createThemeWithVars\.mjs$/, (resource) => {
      if (!/[\\/]@mui[\\/]material[\\/]styles$/.test(resource.context)) return;
      resource.request = `data:text/javascript,${encodeURIComponent(CSS_VARIABLES_UNAVAILABLE)}`;
    }),
    new HtmlWebpackPlugin({ template: path.resolve(__dirname, 'public/index.html') }),
    new ChunkGroupsManifestPlugin(),
    new CopyPlugin({
      patterns: [
        { from: 'public', globOptions: { ignore: ['**/index.html'] } },
        // The graph view links React Flow's stylesheet itself: no CSS pipeline (and its runtime in
        // the landing page's script) for one file.
        { from: path.resolve(__dirname, 'node_modules/@xyflow/react/dist/style.css'), to: 'vendor/xyflow.css' },
      ],
    }),
    ...(development ? [] : [new CompressionPlugin({ test: /\.(js|css|html|svg)$/, threshold: 1024 })]),
  ];
}

/** `npm run dev`: the SPA on its own port, the API and the sandbox proxied to the server. */
function devServer(): DevServerConfiguration {
  return {
    port: Number(process.env.WEB_DEV_PORT ?? 8080),
    historyApiFallback: true,
    hot: true,
    // As the API sends it: the sandbox's signup popup (proxied from the API) keeps its opener only
    // when both pages have the same policy.
    headers: { 'Cross-Origin-Opener-Policy': CROSS_ORIGIN_OPENER_POLICY },
    proxy: [{ context: ['/api', '/sandbox'], target: `http://localhost:${process.env.PORT ?? 3000}` }],
  };
}

export default function config(_env: unknown, argv: { mode?: Configuration['mode'] } = {}): Configuration {
  const mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const development = mode === 'development';
  return {
    mode,
    entry: path.resolve(__dirname, 'src/main.tsx'),
    output: {
      path: WEB_OUT_DIR,
      publicPath: '/',
      // The entry lists every chunk's file: ids, not names, and 6 hex digits of its content (enough to
      // tell one build of a chunk from the next) keep that list, which the landing page pays for, short.
      filename: development ? '[name].js' : 'assets/[name].[contenthash:6].js',
      chunkFilename: development ? '[name].chunk.js' : 'assets/[id].[contenthash:6].js',
      clean: true,
    },
    devtool: development ? 'eval-source-map' : 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router's exports map only names its development build; it ships a production one too.
      alias: development
        ? {}
        : { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: swcOptions(development) },
        },
        // Emotion imports it bare, for its unused withTheme; the package defines functions only but does
        // not say so, so without this it (and its copy of react-is) lands in the entry.
        { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
      ],
    },
    plugins: plugins(mode, development),
    optimization: {
      splitChunks: { chunks: 'all' },
      // Terser with a third pass, ES2020 output and property reads assumed side-effect free (our code and
      // our libraries use no side-effecting getters): a little under 1 KB gzip off the landing page.
      minimizeOptions: { javascript: { ecma: 2020, module: true, compress: { passes: 3, pure_getters: true } } },
    },
    performance: { hints: false },
    devServer: devServer(),
  };
}
