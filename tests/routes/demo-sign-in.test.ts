import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { DEMO_LISTER } from "#app/modules/auth/auth.demo.server.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * "Sign in as the demo lister" from the Sign in page to the lister's profile: offered on the machine that runs
 * the demo (a loopback site, a client on this machine, demo data seeded) and nowhere else, and one press ends
 * signed in as the demo lister. The rules behind it are proved in app/modules/auth/auth.demo.server.test.ts;
 * this is the path a visitor's press takes through the routes.
 */
const postgres = postgresUrlFromEnv();
const REMOTE = { headers: { [CLIENT_IP_HEADER]: "203.0.113.5" } };

describe(`the demo lister's one-press sign-in (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;

  beforeAll(async () => {
    world = await createRouteWorld();
  });
  afterAll(() => world?.destroy());

  it("is neither offered nor answered before demo data exists", async () => {
    const page = await world.client.get("/sign-in");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ demo: false });
    expect((await world.client.post("/demo-sign-in", {})).status).toBe(404);
  });

  it("with demo data, a local visitor's press ends on the profile signed in as the demo lister", async () => {
    await world.signUp({ ...DEMO_LISTER, password: "a-password-nobody-is-told-1" });

    const page = await world.client.get("/sign-in");
    expect(page.data).toMatchObject({ demo: true });
    // Whether the button shows depends on the client: no shared cache may keep it.
    expect(page.headers.get("cache-control")).toBe("private, no-store");

    const press = await world.client.post("/demo-sign-in", {});
    expect(press.status).toBe(302);
    expect(press.location).toBe("/profile");
    const cookie = press.setCookies.map((value) => value.split(";")[0]).join("; ");
    expect(cookie).toContain("session_token=");
    const profile = await world.client.get("/profile", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body).toContain(DEMO_LISTER.email);
  });

  it("is not offered to, nor answered for, a client on another machine", async () => {
    expect((await world.client.get("/sign-in", REMOTE)).data).toMatchObject({ demo: false });
    const press = await world.client.post("/demo-sign-in", {}, REMOTE);
    expect(press.status).toBe(404);
    expect(press.setCookies).toEqual([]);
  });
});
