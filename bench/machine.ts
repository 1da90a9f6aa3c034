/**
 * The machine block every benchmark prints first: figures are only comparable with the machine, the
 * Node version and the commit they were measured on.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (bench scripts run from dist/bench/). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface MachineInfo {
  cpu: string;
  cores: number;
  totalMemoryGiB: number;
  node: string;
  commit: string;
  loadAverage: number[];
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    return dirty.length > 0 ? `${commit} (working tree modified)` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    totalMemoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    commit: gitCommit(),
    loadAverage: os.loadavg(),
  };
}

export function machineBlock(): string {
  const info = machineInfo();
  return [
    `machine  ${info.cpu}, ${info.cores} cores, ${info.totalMemoryGiB.toFixed(1)} GiB`,
    `node     ${info.node} (${os.platform()} ${os.arch()}), V8 ${process.versions.v8}`,
    `commit   ${info.commit}`,
    `date     ${new Date().toISOString()}   load average ${info.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
  ].join('\n');
}

export function printMachine(title: string): void {
  console.log(`== ${title} ==`);
  console.log(machineBlock());
  console.log();
}

// Run alone (`node dist/bench/machine.js`), it prints the block.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(machineBlock());
}
