import { cropBox, locateRegion, TextBox } from './locate-region';

// body > card(Pro) > [heading, price]; card(Starter) > price; footer
const layout: TextBox[] = [
  { t: 'Pro $49/month Starter $19/month © 2026 Acme', x: 0, y: 0, w: 1280, h: 900, p: -1 },
  { t: 'Pro $49/month', x: 100, y: 100, w: 300, h: 200, p: 0 },
  { t: 'Pro', x: 110, y: 110, w: 80, h: 30, p: 1 },
  { t: '$49/month', x: 110, y: 150, w: 120, h: 24, p: 1 },
  { t: 'Starter $19/month', x: 500, y: 100, w: 300, h: 200, p: 0 },
  { t: '$19 / month', x: 510, y: 150, w: 120, h: 24, p: 4 },
  { t: '© 2026 Acme', x: 0, y: 850, w: 1280, h: 40, p: 0 },
];

describe('locateRegion', () => {
  it('finds the innermost element holding the price text, whatever its spacing', () => {
    expect(locateRegion(layout, ['$49/month'])).toEqual({ x: 110, y: 150, width: 120, height: 24 });
    expect(locateRegion(layout, ['$19/month'])).toEqual({ x: 510, y: 150, width: 120, height: 24 });
  });

  it('unites the boxes of several changed texts', () => {
    expect(locateRegion(layout, ['$49/month', '$19 / month'])).toEqual({ x: 110, y: 150, width: 520, height: 24 });
  });

  it('matches whole words only, so "Pro" is not found inside "Projects"', () => {
    const projects: TextBox[] = [{ t: '3 Projects', x: 0, y: 0, w: 10, h: 10, p: -1 }];
    expect(locateRegion(projects, ['Pro'])).toBeNull();
    expect(locateRegion(layout, ['Pro'])).toEqual({ x: 110, y: 110, width: 80, height: 30 });
  });

  it('gives null when the text is not on the page', () => {
    expect(locateRegion(layout, ['$59/month'])).toBeNull();
  });
});

describe('cropBox', () => {
  it('pads the region, grows it to the minimum size and keeps it on the page', () => {
    expect(cropBox({ x: 110, y: 150, width: 120, height: 24 }, { width: 1280, height: 900 }, 24, { width: 480, height: 160 })).toEqual({
      x: 0,
      y: 82,
      width: 480,
      height: 160,
    });
    expect(cropBox({ x: 1200, y: 880, width: 80, height: 20 }, { width: 1280, height: 900 }, 24, { width: 200, height: 100 })).toEqual({
      x: 1080,
      y: 800,
      width: 200,
      height: 100,
    });
  });
});
