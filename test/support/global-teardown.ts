export default async function globalTeardown(): Promise<void> {
  // Each file drops its own database; the template stays for inspection until the next run.
}
