// A visible connection state (issue 70): when Ada's live socket drops, a banner says Reconnecting… (with a Retry), the
// sidebar footer stops saying STATUS ACTIVE and her own entry in the team roster goes offline; with the browser
// offline the banner says so; when the socket is back everything returns and Grace's message arrives live.
// The socket is cut by routing it (Playwright's routeWebSocket): closed from the server's side, refused while down.
import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { a11yViolations, postMessage, screenshots } from '../support.js';

test('the banner and footer follow the live socket down and back up', async ({ ada, grace, general }) => {
  const page = ada.page;
  let down = false;
  let joins = 0;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    // refused while the server is "down": the client sees a close, as when a gateway restarts
    if (down) return void ws.close({ code: 1012, reason: 'restarting' });
    const server = ws.connectToServer();
    // passed on as they come; the server's `joined` counted, so the journey knows the socket is up
    server.onMessage((frame) => {
      if (typeof frame === 'string' && frame.includes('"type":"joined"')) joins += 1;
      ws.send(frame);
    });
    open.push(ws);
  });
  await page.goto(`/channel/${general.id}`);
  const footer = page.locator('footer[aria-label="Status"]');
  const banner = page.getByRole('status').filter({ hasText: /Reconnecting|offline/ });
  const myself = page
    .getByRole('region', { name: 'Team Status' })
    .getByRole('listitem')
    .filter({ hasText: `${ada.person.firstName} ${ada.person.lastName}` });
  await expect(footer).toContainText('STATUS ACTIVE');
  await expect.poll(() => joins).toBe(1);
  await expect(myself).toHaveAttribute('data-status', 'online');

  // the server closes the socket, and refuses the reconnects
  down = true;
  for (const ws of open.splice(0)) await ws.close({ code: 1012, reason: 'restarting' });
  await expect(banner).toContainText('Reconnecting…');
  await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(footer).toContainText('STATUS RECONNECTING…');
  await expect(footer).not.toContainText('STATUS ACTIVE');
  await expect(myself).toHaveAttribute('data-status', 'offline');
  // no online count from before the drop; the banner above the channel header, never over its title
  await expect(page.getByTestId('team-online-count')).toHaveText(/^\s*–\/\d+ online$/);
  const bannerBox = (await banner.boundingBox())!;
  const titleBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(titleBox.y);
  await screenshots(page, 'connection-reconnecting');
  expect(await a11yViolations(page, 'reconnecting banner')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshots(page, 'connection-reconnecting-light');
  expect(await a11yViolations(page, 'reconnecting banner, light')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });

  // no network at all
  await ada.context.setOffline(true);
  await expect(banner).toContainText('You are offline');
  await expect(footer).toContainText('STATUS OFFLINE');
  await screenshots(page, 'connection-offline');

  // the network is back but the server is not: reconnecting again; then the server is back and Retry connects at once
  await ada.context.setOffline(false);
  await expect(banner).toContainText('Reconnecting…');
  down = false;
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toHaveCount(0);
  await expect(footer).toContainText('STATUS ACTIVE');
  await expect.poll(() => joins).toBe(2);
  await expect(myself).toHaveAttribute('data-status', 'online');

  // the socket works again: Grace's message arrives without a reload
  await postMessage(grace.request, general.id, 'Back online, can you see this?');
  await expect(
    page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: 'Back online, can you see this?' }),
  ).toBeVisible();
});
