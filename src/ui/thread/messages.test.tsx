/**
 * Messages in the thread panel: rich text rendered as elements, edits and deletions of one's own
 * messages shown at once and rolled back with an explanation when the server refuses, scopes
 * deciding who may do what, @mentions in a reply, and the exact time on hover.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { canonicalUrlOf } from '../../anchor';
import type { MessageResponse, ThreadResponse, UpdateMessageRequest } from '../../api/wire';
import { createFakeService, makeMessage, makeThread, type FakeService } from '../testing/fake-service';
import { startWidget, useSignedInPage, type Harness } from '../testing/harness';

let harness: Harness | null = null;
useSignedInPage(`<p id="target" style="margin:100px;width:400px;height:100px">Anchor me</p>`);

afterEach(() => {
  harness?.stop();
  harness = null;
});

const other = { id: 'u9', name: 'Olga Other', guest: false, createdAt: 0, modifiedAt: 0 };

function threadWith(messages: MessageResponse[]): ThreadResponse {
  return makeThread(1, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [{ id: 'e', threadId: 't', path: '#target', offsetXPercentage: 50, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 }],
    messages,
  });
}

async function openThread(service: FakeService) {
  harness = await startWidget(service);
  await page.getByRole('button', { name: 'Thread 1' }).click();
  const panel = page.getByRole('dialog', { name: 'Thread 1' });
  await expect.element(panel).toBeVisible();
  return panel;
}

describe('thread messages', () => {
  it('renders formats, lists, links and mentions as elements, with the exact time on hover', async () => {
    const rich = makeMessage('thread-1', '', {
      messageJson: {
        ops: [
          { insert: 'Bold', attributes: { bold: true } },
          { insert: ' see ' },
          { insert: 'docs', attributes: { link: 'https://example.com/docs' } },
          { insert: ' and ' },
          { insert: 'this', attributes: { link: 'javascript:alert(1)' } },
          { insert: ' ' },
          { insert: { mention: { id: 'u2', value: 'Grace Hopper', denotationChar: '@' } } },
          { insert: '\none' },
          { insert: '\n', attributes: { list: 'ordered' } },
        ],
      },
    });
    const panel = await openThread(createFakeService({ threads: [threadWith([rich])] }));
    const text = panel.element().querySelector('.pm-delta')!;
    expect(text.querySelector('strong')?.textContent).toBe('Bold');
    expect([...text.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com/docs']);
    expect(text.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(text.textContent).toContain('this');
    expect(text.querySelector('.pm-mention')?.textContent).toBe('@Grace Hopper');
    expect(text.querySelector('ol > li')?.textContent).toBe('one');
    const time = panel.element().querySelector('time')!;
    expect(time.textContent).toBe('5 min. ago'); // Intl.RelativeTimeFormat, short style
    expect(time.title).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(rich.createdAt));
  });

  it('edits one’s own reply at once; the request’s Delta, text and mentions agree', async () => {
    const reply = makeMessage('thread-1', 'Old words');
    const service = createFakeService({ threads: [threadWith([makeMessage('thread-1', 'First'), reply])] });
    const panel = await openThread(service);
    const item = panel.getByRole('listitem').filter({ hasText: 'Old words' });
    await item.getByRole('button', { name: 'Edit' }).click();
    const editor = panel.getByRole('textbox', { name: 'Edit message' });
    // Focus is inside the shadow root: the document only sees the host.
    await expect.poll(() => harness!.root().activeElement).toBe(editor.element());
    await userEvent.keyboard('{Control>}a{/Control}New words for @Gra');
    await panel.getByRole('option', { name: /Grace Hopper/ }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.element(panel.getByRole('listitem').filter({ hasText: 'New words for @Grace Hopper' })).toBeVisible();
    // Shown at once; the outbox sends it right after.
    const patch = await vi.waitFor(() => {
      const sent = service.requests.find((r) => r.method === 'PATCH' && r.path === `/messages/${reply.id}`);
      if (!sent) throw new Error('not sent yet');
      return sent;
    });
    const body = patch.body as UpdateMessageRequest;
    // Choosing a mention adds a space after it, as chat apps do.
    expect(body.content).toBe('New words for @Grace Hopper ');
    expect(body.mentionIds).toEqual(['u2']);
    expect(body.message?.ops).toContainEqual({ insert: { mention: { id: 'u2', value: 'Grace Hopper', denotationChar: '@' } } });
    await expect.element(panel.getByRole('listitem').filter({ hasText: 'New words' })).toHaveTextContent(/edited/);
  });

  it('a refused edit rolls back, explains, and keeps the edit in the open editor', async () => {
    const reply = makeMessage('thread-1', 'Stays as is');
    const service = createFakeService({ threads: [threadWith([makeMessage('thread-1', 'First'), reply])] });
    const panel = await openThread(service);
    // Refused for good (a 5xx would be retried by the outbox until it goes through).
    service.failNext('PATCH', `/messages/${reply.id}`, 422, 'validation_error', 'No');
    await panel.getByRole('listitem').filter({ hasText: 'Stays as is' }).getByRole('button', { name: 'Edit' }).click();
    await userEvent.keyboard('{Control>}a{/Control}An edit the server refuses');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.element(panel.getByRole('alert')).toHaveTextContent('Your edit could not be saved');
    await expect.element(panel.getByRole('textbox', { name: 'Edit message' })).toHaveTextContent('An edit the server refuses');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(panel.getByRole('listitem').filter({ hasText: 'Stays as is' })).toBeVisible();
  });

  it('a refused delete puts the message back in its place and explains', async () => {
    const reply = makeMessage('thread-1', 'Second');
    const service = createFakeService({
      threads: [threadWith([makeMessage('thread-1', 'First'), reply, makeMessage('thread-1', 'Third')])],
    });
    const panel = await openThread(service);
    service.failNext('DELETE', `/messages/${reply.id}`, 403, 'forbidden', 'Not yours');
    await panel.getByRole('listitem').filter({ hasText: 'Second' }).getByRole('button', { name: 'Delete' }).click();
    await panel.getByRole('button', { name: 'Delete message' }).click();
    await expect.element(panel.getByRole('alert')).toHaveTextContent('The message could not be deleted, so it is back.');
    const texts = [...panel.element().querySelectorAll('.pm-message .pm-delta')].map((e) => e.textContent);
    expect(texts).toEqual(['First', 'Second', 'Third']);
  });

  it('offers Edit and Delete only where the scopes allow, and never Delete on the first message', async () => {
    const theirs = makeMessage('thread-1', 'Not mine', { user: other, scopes: [] });
    const legacy = makeMessage('thread-1', 'No scopes, someone else', { user: other, scopes: undefined as unknown as string[] });
    const mine = makeMessage('thread-1', 'My own words');
    const panel = await openThread(createFakeService({ threads: [threadWith([makeMessage('thread-1', 'First'), theirs, legacy, mine])] }));
    const tools = (text: string) =>
      [...panel.getByRole('listitem').filter({ hasText: text }).element().querySelectorAll('button')].map((b) => b.textContent);
    expect(tools('First')).toEqual(['Edit']);
    expect(tools('Not mine')).toEqual([]);
    expect(tools('No scopes, someone else')).toEqual([]);
    expect(tools('My own words')).toEqual(['Edit', 'Delete']);
  });
});
