import { buildWeb } from './web-build';

buildWeb().then(
  (stats) => console.log(stats.toString({ colors: true, modules: false, children: false })),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
