import { expect, test } from "vitest";
import { foldForSearch, transactionSearchText, userSearchText } from "./search-text";

test("folding lower-cases and removes accents, whatever the letter case", () => {
  expect(foldForSearch("CAFÉ Ñandú")).toBe("cafe nandu");
  expect(foldForSearch("café")).toBe(foldForSearch("CAFE"));
  expect(foldForSearch("Ærø Straße ŁÓDŹ")).toBe("ærø straße łodz");
});

test("folding keeps what has no accent to remove, including symbols and other scripts", () => {
  expect(foldForSearch("100% off_now \\ 50")).toBe("100% off_now \\ 50");
  expect(foldForSearch("ДОМ 東京")).toBe("дом 東京");
});

test("an already decomposed accent folds like the composed one", () => {
  expect(foldForSearch("Cafe\u0301")).toBe(foldForSearch("Café"));
});

test("a user's search text holds the full name and the email, on two lines", () => {
  expect(userSearchText({ firstName: "José", lastName: "Núñez", email: "jose@example.com" })).toBe("jose nunez\njose@example.com");
  expect(transactionSearchText("Crème Brûlée")).toBe("creme brulee");
});
