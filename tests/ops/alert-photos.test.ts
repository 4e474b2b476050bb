import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createMailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { runSearchAlerts } from "#app/modules/saved/alerts.job.server.ts";
import { saveSearch } from "#app/modules/saved/saved-search.service.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { insertTestListing, openAppData } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { startSmtpServer } from "#tests/support/smtp-server.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "./ops-support.ts";

const defer = cleanupAfterAll();

describe.skipIf(SKIP_REASON)("photos in alert e-mails", () => {
  it("are JPEG URLs that the server answers with a JPEG, made once and kept", async () => {
    // The server's own alert run waits its longest interval: this test sends the alert itself.
    const server = await startOpsServer(defer, { ALERT_INTERVAL_SECONDS: "240" });
    const smtp = await startSmtpServer();
    defer(smtp.stop);
    const data = await openAppData(server.env);
    defer(data.close);
    const owner = await createUser(data.db);
    const searcher = await createUser(data.db);
    const t0 = Date.now() - 120_000;
    await saveSearch(data.db, searcher.id, "type=rent", t0);
    await insertTestListing(data, owner.id, { type: "rent", timestamp: t0 + 1000, photos: 1 });
    const transport = createMailer({
      smtpUrl: smtp.url,
      from: "a@homes.test",
      outboxDir: "",
      logText: false,
    });
    const outbox = createMailOutbox({ db: data.db, transport });
    await runSearchAlerts({ db: data.db, mailer: outbox, config: data.config }, Date.now());
    await outbox.drain();

    expect(smtp.messages).toHaveLength(1);
    const photos = [...smtp.messages[0]!.html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]!);
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatch(new RegExp(`^${server.url}/images/.+\\.jpg$`));
    for (let i = 0; i < 2; i++) {
      const response = await fetch(photos[0]!);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      const body = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(body).metadata();
      expect(metadata).toMatchObject({ format: "jpeg", width: 800 });
    }
    // Made from the stored WebP once, and stored beside it.
    const key = new URL(photos[0]!).pathname.slice(1);
    expect(await data.storage.exists(key)).toBe(true);
    // Only the mail width: no JPEG of a wider rendition, nor of a photo that does not exist.
    expect((await fetch(photos[0]!.replace("-800.jpg", "-1600.jpg"))).status).toBe(404);
    expect(
      (await fetch(`${server.url}/images/${owner.id}-nothing-00000000-0000-0000-0000-000000000000-800.jpg`))
        .status,
    ).toBe(404);
  });
});
