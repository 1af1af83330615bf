import { errorMessage, expect, expectNoAxeViolations, jsEnabled, register, screenshotBothThemes, test , expectNoSidewaysScroll } from "./support";

test("tags: create from the empty state, refuse a duplicate, edit inline, view usage, delete after confirmation; Spanish", async ({
  page,
}, testInfo) => {
  // The banner's 5 s run on a clock the journey moves on, rather than being waited out.
  await page.clock.install();
  await register(page, testInfo);
  await page.goto("/tags");
  await expect(page.getByRole("heading", { name: "Tags", level: 1 })).toBeVisible();
  await expect(page.getByText("No tags yet")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "tags-empty");
  await page.getByRole("link", { name: "Create your first tag" }).click();

  const form = page.getByRole("region", { name: "New Tag" });
  const create = form.getByRole("button", { name: "Create Tag" });
  if (jsEnabled(testInfo)) await expect(create).toBeDisabled();
  await expect(form.getByLabel("Name")).toBeFocused();
  await form.getByLabel("Name").fill("Vacation");
  await form.getByLabel("Description").fill("  Summer trip  ");
  await form.getByTitle("Teal").click();
  await create.click();
  const created = page.getByText("Tag created successfully!");
  await expect(created).toBeVisible();
  const list = page.getByRole("region", { name: "1 tag" });
  await expect(list.getByRole("heading", { name: "Vacation" })).toBeVisible();
  await expect(list.getByText("Summer trip")).toBeVisible();
  await expect(list.getByText("0 uses")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "tags");
  await expectNoAxeViolations(page, testInfo);
  if (jsEnabled(testInfo)) {
    // Spec: banners clear after 5 s.
    await page.clock.fastForward(5000);
    await expect(created).toBeHidden();
  }

  // A duplicate in another case is refused and the form keeps what was typed.
  await page.getByRole("link", { name: "New Tag" }).click();
  await page.getByRole("region", { name: "New Tag" }).getByLabel("Name").fill("VACATION");
  await page.getByRole("region", { name: "New Tag" }).getByRole("button", { name: "Create Tag" }).click();
  await expect(errorMessage(page, "A tag with this name already exists")).toBeVisible();
  await expect(page.getByRole("region", { name: "New Tag" }).getByLabel("Name")).toHaveValue("VACATION");
  await screenshotBothThemes(page, testInfo, "tags-duplicate");
  await page.getByRole("region", { name: "New Tag" }).getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("region", { name: "New Tag" })).toHaveCount(0);

  await page.getByRole("link", { name: "Edit Vacation" }).click();
  const name = page.getByLabel("Name");
  await expect(name).toHaveValue("Vacation");
  await name.fill("Holiday");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Tag updated successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Holiday" })).toBeVisible();

  await page.getByRole("link", { name: "View usage of Holiday" }).click();
  await expect(page.getByText("No transactions carry this tag yet.")).toBeVisible();
  await page.getByRole("link", { name: "Hide usage" }).click();
  await expect(page.getByText("No transactions carry this tag yet.")).toHaveCount(0);

  await page.getByRole("link", { name: "Delete Holiday" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this tag?");
  await screenshotBothThemes(page, testInfo, "tags-delete-confirm");
  await expectNoAxeViolations(page, testInfo);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Tag deleted successfully!")).toBeVisible();
  await expect(page.getByText("No tags yet")).toBeVisible();

  // On a phone nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "tags-phone");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Etiquetas", level: 1 })).toBeVisible();
  await expect(page.getByText("Aún no hay etiquetas")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "tags-es");
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("button", { name: "en", exact: true }).click();
  // The switch back finishes before the page closes (an unfinished load is a page error).
  await expect(page.getByRole("heading", { name: "Tags", level: 1 })).toBeVisible();
});

test("on a phone a tag chip of the transaction form is a thumb's height, and each line of a tag's usage opens its transaction", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await register(page, testInfo);
  // The tag and its transaction through the API, for speed: the forms have their own journeys.
  const login = await page.request.post("/api/auth/login", { data: account });
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const tag = await page.request.post("/api/tags", { headers, data: { name: "Trip" } });
  expect(tag.status(), await tag.text()).toBe(201);
  const tagId = (await tag.json()).data.tag.id as string;
  const today = new Date().toISOString().slice(0, 10);
  const tx = await page.request.post("/api/transactions", {
    headers,
    data: { description: "Hotel in Mérida", date: today, categoryId: "default-food", amount: "80", tagIds: [tagId] },
  });
  expect(tx.status(), await tx.text()).toBe(201);

  await page.goto("/expenses/new");
  const chip = page.locator("label", { hasText: "Trip" });
  expect((await chip.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await page.goto(`/tags?usage=${tagId}`);
  await page.getByRole("link", { name: "Hotel in Mérida" }).click();
  await expect(page).toHaveURL(/\/expenses\/edit\/[^/?#]+$/);
  await expect(page.getByLabel("Description")).toHaveValue("Hotel in Mérida");
});
