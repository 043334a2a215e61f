// Tapis local mode: the places of the demo server (its channel and the threads the viewer may open)
// in the page's sidebar; a click on one, on a #thread mention or on a discord.com/channels/... link
// moves the page there. Served by bot/ui/local_page.py beside simcord's preview page.
const capability = window.location.hash.startsWith("#") ? window.location.hash.slice(1) : "";
let places = [];
let current = null;
let moving = Promise.resolve();

function context() {
  try { return window.simcordPreview?.contextId || null; } catch { return null; }
}

async function call(path) {
  const id = context();
  if (!id) return null;
  const response = await fetch(path, { headers: { "X-Simcord-Capability": capability, "X-Simcord-Context": id },
    cache: "no-store" });
  if (!response.ok) return null;
  return response.json();
}

function section() {
  let nav = document.getElementById("tapis-places");
  if (nav) return nav;
  const sidebar = document.getElementById("messages-sidebar");
  if (!sidebar) return null;
  nav = document.createElement("nav");
  nav.id = "tapis-places";
  nav.className = "tapis-places";
  nav.setAttribute("aria-label", "Channels & threads");
  const heading = document.createElement("h2");
  heading.textContent = "Channels & threads";
  const list = document.createElement("ul");
  list.className = "tapis-place-list";
  nav.append(heading, list);
  const header = sidebar.querySelector(".sidebar-heading");
  if (header) header.after(nav); else sidebar.prepend(nav);
  return nav;
}

let shown = "";

function render() {
  const nav = section();
  if (!nav) return;
  const list = nav.querySelector("ul");
  // rebuilt only when the places changed: a button replaced each second loses a click made on it
  const key = JSON.stringify([places, current]);
  if (key === shown && list?.childElementCount) return;
  shown = key;
  const items = places.map((place) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = `tapis-place tapis-${place.kind}`;
    button.dataset.placeId = place.id;
    button.textContent = `${place.kind === "channel" ? "#" : place.kind === "private_thread" ? "🔒" : "↳"} ${place.name}`;
    if (place.id === current) button.setAttribute("aria-current", "page");
    button.addEventListener("click", () => { void go(place.id); });
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
}

async function refresh() {
  const body = await call("/tapis/places").catch(() => null);
  if (body && Array.isArray(body.places)) {
    places = body.places;
    current = body.current;
    render();
  }
}

function closeDrawer() {
  const toggle = document.getElementById("messages-toggle");
  if (toggle?.getAttribute("aria-expanded") === "true" && window.matchMedia("(max-width: 760px)").matches) toggle.click();
}

// one move at a time, each carried out (a click made while another is on its way is not dropped)
function go(id, mention = null) {
  moving = moving.then(() => move(id, mention)).catch(() => undefined);
  return moving;
}

async function move(id, mention) {
  // a mention is resolved by the server from its message (the list above may not know a thread
  // made a moment ago: it is read once a second)
  const query = mention ? `name=${encodeURIComponent(mention.name)}&message=${encodeURIComponent(mention.message)}`
    : `channel=${encodeURIComponent(id)}`;
  const body = await call(`/tapis/goto?${query}`);
  if (body && Array.isArray(body.places)) {
    places = body.places;
    current = body.current;
    render();
    closeDrawer();
  }
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const link = target.closest('a[href^="https://discord.com/channels/"]');
  if (link instanceof HTMLAnchorElement) {
    const parts = new URL(link.href).pathname.split("/").filter(Boolean);  // channels, guild, channel[, message]
    if (parts.length >= 3) {
      event.preventDefault();
      event.stopPropagation();
      void go(parts[2]);
    }
    return;
  }
  const mention = target.closest(".mention");
  if (mention && mention.textContent?.startsWith("#")) {
    event.preventDefault();
    const message = mention.closest("[data-message-id]")?.getAttribute("data-message-id") || "";
    void go(null, { name: mention.textContent.slice(1), message });
  }
}, true);

void refresh();
window.setInterval(() => { void refresh(); }, 1000);
window.tapisLocal = { places: () => places.map((place) => ({ ...place })), current: () => current, go };
