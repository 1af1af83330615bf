import { expect, test } from "vitest";
import { withoutEmptyParams } from "./get-form";

const at = (path: string) => new URL(`https://app.example${path}`);

test("a GET form's empty fields are dropped from its address, the rest kept in order", () => {
  expect(withoutEmptyParams(at("/expenses?q=&type=expense&from=&to=&category=&currency=&tag=a&tag=b"))).toBe("/expenses?type=expense&tag=a&tag=b");
  expect(withoutEmptyParams(at("/expenses?q=%20%20&type="))).toBe("/expenses");
  expect(withoutEmptyParams(at("/admin/users?q=&role=user"))).toBe("/admin/users?role=user");
});

test("an address with no empty parameter needs no redirect", () => {
  expect(withoutEmptyParams(at("/expenses"))).toBeNull();
  expect(withoutEmptyParams(at("/expenses?type=income&q=caf%C3%A9"))).toBeNull();
});
