export function step() {
  debugger;
}
