// "My games": the seats this browser holds (table, seat, token), kept in localStorage so a
// player can come back to a game after closing the tab.

const KEY = "gametable.mine";

export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function remember(entry) {
  const before = myGames().find((g) => g.table === entry.table && g.seat === entry.seat);
  const list = myGames().filter((g) => !(g.table === entry.table && g.seat === entry.seat));
  // "created": this browser opened the table (kept when the seat is remembered again).
  list.unshift({ ...entry, created: !!(entry.created || (before && before.created)), at: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
}

export function forget(table) {
  localStorage.setItem(KEY, JSON.stringify(myGames().filter((g) => g.table !== table)));
}

export function myName() {
  return localStorage.getItem("gametable.name") || "";
}

export function setMyName(name) {
  localStorage.setItem("gametable.name", name);
}

/** An invite link for a seat (the token rides in the fragment: never sent to a server). */
export function inviteURL(table, seat, token) {
  return `${location.origin}/play/${encodeURIComponent(table)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}
