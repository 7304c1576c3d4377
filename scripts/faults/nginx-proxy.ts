import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nginxConfig } from './nginx-config.ts';
import { endAtExit, waitFor } from './processes.ts';

const NGINX = process.env['NGINX'] ?? '/usr/sbin/nginx';

export interface NginxProxy {
  port: number;
  configFile: string;
  stop(): Promise<void>;
}

/** Debian's nginx in the foreground with a configuration of its own in `folder`. */
export async function startNginx(
  folder: string,
  port: number,
  upstreams: number[],
): Promise<NginxProxy> {
  await mkdir(path.join(folder, 'temp'), { recursive: true });
  const configFile = path.join(folder, 'nginx.conf');
  await writeFile(configFile, nginxConfig({ folder, port, upstreams }));
  const child: ChildProcess = spawn(NGINX, ['-p', folder, '-c', configFile], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const forget = endAtExit(() => child.kill('SIGKILL'));
  await waitFor(
    'nginx listening',
    async () => (await fetch(`http://127.0.0.1:${port}/nginx-alive`)).status === 204,
    10_000,
  );
  return {
    port,
    configFile,
    async stop() {
      forget();
      child.kill('SIGQUIT'); // graceful: finishes the requests in flight
      await exited;
    },
  };
}
