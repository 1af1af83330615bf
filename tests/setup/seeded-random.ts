/** A seeded generator (mulberry32) for property tests: the same seed gives the same cases on every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  function random(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { random, int, chance, pick };
}
