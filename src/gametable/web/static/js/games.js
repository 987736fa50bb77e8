// Loading a game's table module (and its stylesheet) from /static/games/<game>/.
const loaded = new Map();

/** The game's module: { Table, Result, help, Example } (see docs/web.md: the story, the
 * moves and every sentence come from the server, in words; a table draws and picks,
 * nothing more). ``Example`` — drawing one example of the rules with the game's own cards —
 * may also be a named export of table.js. */
export function loadGameModule(name) {
  if (!loaded.has(name)) {
    const base = `/static/games/${encodeURIComponent(name)}`;
    if (!document.querySelector(`link[data-game="${name}"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `${base}/table.css`;
      link.dataset.game = name;
      document.head.appendChild(link);
    }
    loaded.set(
      name,
      import(`${base}/table.js`)
        .then((m) => {
          const module = m.default;
          if (module && !module.Example && typeof m.Example === "function") module.Example = m.Example;
          return module;
        })
        .catch(() => import("gametable/generic.js").then((m) => m.default)),
    );
  }
  return loaded.get(name);
}
