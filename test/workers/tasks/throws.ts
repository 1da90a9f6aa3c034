/** Test task: throws an error naming its parameter. */
export function run(parameters: { what: string }): never {
  throw new Error(`the test task throws on purpose: ${parameters.what}`);
}
