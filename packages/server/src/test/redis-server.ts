import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A throwaway Redis server on 127.0.0.1 (Debian's `redis-server`), kept in memory only. */
export interface RedisProcess {
  url: string;
  stop(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `redis-server` and resolves once it accepts connections. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('error', (err) => reject(new Error(`redis-server could not start (apt-get install redis-server): ${err.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => void child.kill('SIGKILL') };
}
