import fs from 'node:fs';
import path from 'node:path';
import { startSshdFleet } from '../server/test/sshd-fleet.js';
import { startBenchConsole } from './bench-console.js';
import { connectSftpConsole } from './sftp-console.js';
const fleet = await startSshdFleet({ count: 1 });
const s = fleet.servers[0]!;
const bench = await startBenchConsole('x', { logLevel: 'warn' });
try {
  const remote = path.join(s.dir, 'home', 'd.bin');
  fs.copyFileSync('/tmp/scratch-200.bin', remote);
  fs.chownSync(remote, s.uid, s.uid);
  const ferry = await connectSftpConsole(bench, s);
  for (let i = 0; i < 4; i++) {
    const cpu0 = process.cpuUsage();
    const ms = await ferry.download(remote, '/dev/null');
    const cpu = process.cpuUsage(cpu0);
    console.log('download', (200 / (ms / 1000)).toFixed(0), 'MiB/s', ((cpu.user + cpu.system) / 1000).toFixed(0), 'cpu-ms');
  }
} finally { await bench.close(); await fleet.stopAll(); }
