import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

/** The system Chromium (CHROMIUM_PATH, else the Debian package's path), or null when none is installed. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((p) => existsSync(p)) ?? null;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed: apt-get install -y chromium');
  return puppeteer.launch({
    executablePath,
    headless: true,
    // Chromium ends with the jest worker that started it, even when the worker is killed.
    pipe: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The form control that a visible label names, exactly as a person reads it. */
export async function byLabel(page: Page, label: string): Promise<ElementHandle<Element>> {
  const id = await page.$$eval(
    'label',
    (labels, text) => labels.find((l) => l.textContent?.trim() === text)?.getAttribute('for') ?? null,
    label,
  );
  if (!id) throw new Error(`no label "${label}" on ${page.url()}`);
  const control = await page.$(`[id="${id}"]`);
  if (!control) throw new Error(`label "${label}" names no control`);
  return control;
}

export async function fill(page: Page, label: string, value: string): Promise<void> {
  const control = await byLabel(page, label);
  await control.evaluate((el) => {
    (el as HTMLInputElement).value = '';
  });
  await control.type(value);
}

export async function choose(page: Page, label: string, value: string): Promise<void> {
  const control = await byLabel(page, label);
  await control.select(value);
}

/** The buttons whose text is exactly `text`, within `scope` (a CSS selector) when given. */
export async function buttons(page: Page, text: string, scope = 'body'): Promise<ElementHandle<Element>[]> {
  const all = await page.$$(`${scope} button`);
  const matching: ElementHandle<Element>[] = [];
  for (const button of all) {
    if ((await button.evaluate((b) => b.textContent?.trim())) === text) matching.push(button);
  }
  return matching;
}

/**
 * Presses a button that submits a form and waits for the page it leads to. A region that refreshes
 * itself (the competitor list while runs are pending) can replace the button between finding and
 * clicking it: then nothing was clicked, and the button is looked up again.
 */
export async function press(page: Page, text: string, scope = 'body'): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const [button] = await buttons(page, text, scope);
    if (!button) throw new Error(`no button "${text}" in ${scope} on ${page.url()}`);
    const navigation = page.waitForNavigation({ waitUntil: 'domcontentloaded' });
    try {
      await button.click();
    } catch (err) {
      navigation.catch(() => undefined);
      if (attempt < 3 && /detached/i.test((err as Error).message)) continue;
      throw err;
    }
    await navigation;
    return;
  }
}

export async function text(page: Page, selector = 'main'): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText);
}
