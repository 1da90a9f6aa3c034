/** Test task: ends its worker thread, as a crash would. */
export function run(): never {
  process.exit(3);
}
