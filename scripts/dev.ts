import { spawn } from 'node:child_process';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import config from '../webpack.config';
import { devApiEnvironment } from './dev-env';

/** `npm run dev`: the API with reload (tsx watch) and the SPA from webpack's dev server. */
const webpackConfig = config(undefined, { mode: 'development' });
const devServerUrl = `http://localhost:${webpackConfig.devServer?.port}`;
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/process/main.ts'], {
  stdio: 'inherit',
  env: devApiEnvironment(process.env, devServerUrl),
});
const server = new WebpackDevServer(webpackConfig.devServer, webpack(webpackConfig));

server.start().then(() => console.log(`SPA dev server on ${devServerUrl}`));

const stop = () => {
  api.kill('SIGTERM');
  void server.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
