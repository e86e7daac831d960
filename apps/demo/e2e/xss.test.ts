import { XSS_PAYLOADS, XSS_TAG_PAYLOADS } from '@toolstream/mock';
import { describe, expect, inject, it } from 'vitest';
import { type DemoPage, screenshot } from './support/browser.js';
import { callArticle, ownOutput, send, unfoldAll, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

const demoUrl = inject('demoUrl');
const session = useDemoSession({ speed: 4 });

/** What in the app's DOM could run script: elements, handler attributes, script URLs. */
function dangerousMarkup(page: DemoPage['page']) {
  return page.evaluate(() => {
    const root = document.getElementById('root')!;
    const elements = Array.from(root.querySelectorAll('*'));
    const scriptUrl = /^\s*(javascript|data|vbscript):/i;
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data'];
    return {
      // The kit's and the demo's own icons are inline SVGs marked `data-slot="icon"` (stream
      // content cannot make markup at all, so it cannot make one of these either).
      tags: Array.from(
        root.querySelectorAll(
          'script, svg:not([data-slot="icon"]), img, iframe, object, embed, math, link, style, meta, base, form[action]',
        ),
        (el) => el.outerHTML.slice(0, 80),
      ),
      handlers: elements.flatMap((el) =>
        el
          .getAttributeNames()
          .filter((name) => name.toLowerCase().startsWith('on'))
          .map((name) => `${el.tagName.toLowerCase()}[${name}]`),
      ),
      scriptUrls: elements.flatMap((el) =>
        urlAttributes
          .filter((name) => scriptUrl.test(el.getAttribute(name) ?? ''))
          .map((name) => `${el.tagName.toLowerCase()}[${name}=${el.getAttribute(name)}]`),
      ),
      // Outside the app: only the page's own module script, stylesheet and no media.
      documentScripts: Array.from(document.scripts, (script) => script.getAttribute('src') ?? 'inline'),
      documentMedia: document.querySelectorAll('svg:not([data-slot="icon"]), img, iframe, object, embed')
        .length,
    };
  });
}

describe('XSS payloads in the stream', () => {
  it('render as text everywhere and never run', async () => {
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'xss-payloads' });
    const { page } = demo;
    const scriptsBefore = (await dangerousMarkup(page)).documentScripts;
    await send(page, 'Show me the payloads');
    await waitForStatus(page, 'done');

    // Open every details disclosure (tool_call_details values render only then), then hover
    // and click over everything a handler could sit on.
    // Open everything: folded groups and sections, then every call's row.
    await unfoldAll(page);
    const rows = page.locator('[data-slot="tool-call-trigger"][aria-expanded="false"]');
    for (let i = 0; i < 20 && (await rows.count()) > 0; i++) await rows.first().click();
    const thread = page.locator('[data-slot="thread-content"]');
    for (const text of ['bold?', 'raw link', 'markdown link', 'markdown image']) {
      const spots = thread.getByText(text);
      for (let i = 0; i < (await spots.count()); i++) {
        await spots.nth(i).hover();
        await spots.nth(i).click({ position: { x: 2, y: 2 } });
      }
    }
    await page
      .locator('[data-slot="assistant-message"] > [data-slot="markdown"]')
      .first()
      .scrollIntoViewIfNeeded();
    await screenshot(page, 'xss');

    expect(demo.dialogs).toEqual([]);
    expect(demo.pageErrors).toEqual([]);
    const markup = await dangerousMarkup(page);
    expect(markup.tags).toEqual([]);
    expect(markup.handlers).toEqual([]);
    expect(markup.scriptUrls).toEqual([]);
    expect(markup.documentScripts).toEqual(scriptsBefore);
    expect(markup.documentMedia).toBe(0);
    expect(page.url()).toContain(demoUrl); // no link navigated anywhere

    // The payloads are there, as the characters they are.
    const message = page.locator('[data-slot="assistant-message"]');
    const messageText = (await message.locator(':scope > [data-slot="markdown"]').allTextContents()).join(
      ' ',
    );
    for (const tag of XSS_TAG_PAYLOADS) expect(messageText).toContain(tag);
    expect(messageText).toContain('markdown link'); // a refused link keeps its text

    const streamed = callArticle(page, 'Fetch page');
    const streamedOutput = await ownOutput(streamed).textContent();
    for (const tag of [XSS_PAYLOADS.script, XSS_PAYLOADS.svg, XSS_PAYLOADS.rawLink]) {
      expect(streamedOutput).toContain(tag);
    }
    const details = await streamed.locator('[data-slot="tool-call-content"]').textContent();
    for (const value of [
      XSS_PAYLOADS.handler,
      XSS_PAYLOADS.javascriptUrl,
      XSS_PAYLOADS.script,
      XSS_PAYLOADS.rawLink,
      XSS_PAYLOADS.dataUrl,
      XSS_PAYLOADS.svg, // in the arguments
    ]) {
      expect(details).toContain(value);
    }
    expect(await streamed.locator('[data-slot="tool-call-summary"]').textContent()).toBe(
      `Fetch ${XSS_PAYLOADS.img}`,
    );

    const complete = await ownOutput(callArticle(page, 'Render widget')).textContent();
    for (const tag of [XSS_PAYLOADS.img, XSS_PAYLOADS.handler, XSS_PAYLOADS.iframe]) {
      expect(complete).toContain(tag);
    }
    const delegated = await ownOutput(callArticle(page, 'Web agent')).textContent();
    expect(delegated).toContain(XSS_PAYLOADS.img);
    expect(delegated).toContain(XSS_PAYLOADS.rawLink);

    // Citations: hostile ones are text, the https one is still a link.
    const citations = page.locator('[data-slot="citation"]');
    expect(await citations.allTextContents()).toEqual([
      XSS_PAYLOADS.javascriptUrl,
      XSS_PAYLOADS.script,
      XSS_PAYLOADS.dataUrl,
      XSS_PAYLOADS.rawLink,
      'example.com/safe-source',
    ]);
    expect(
      await citations.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))),
    ).toEqual(['text', 'text', 'text', 'text', 'link']);
    expect(await citations.last().locator('a').getAttribute('href')).toBe('https://example.com/safe-source');
  });
});
