// tabletop_gui overlay: listens on /live (a WebSocket) and shows each new moment.
// Text is only ever set as text (names come from game files), never as markup.
"use strict";
(() => {
  const page = document.body.dataset.page;
  const bar = document.getElementById("bar");
  const boardBox = document.getElementById("board");
  const tiles = bar.querySelector(".tiles");
  const status = document.getElementById("status");
  // What the page shows (read by the tests and the benchmark).
  const shown = (window.overlayShown = {
    version: 0, board: "", size: "", reconnecting: false, camera: null, rect: null,
    cameraNote: false,
  });
  let live = null;  // the WebSocket
  let failures = 0;  // in a row: the wait before the next try doubles, up to RETRY_MAX
  let retryTimer = 0;
  const RETRY_FIRST = 1000, RETRY_MAX = 30000;
  let connectedSize = "";
  let latest = null;
  let boardUrl = "";
  let loading = "";
  let shownBar = "";

  // The text unit: 26 px on a 1920 x 1080 page, as the streamer window's bar.
  function unit() {
    const w = window.innerWidth, h = window.innerHeight;
    const u = page === "bar" ? w / 1920 * 26 : Math.min(w / 1920 * 26, h / 1080 * 26 * 1.4);
    return Math.max(9, Math.min(40, u));
  }

  function layout() {
    const u = unit();
    document.documentElement.style.setProperty("--u", u + "px");
    const cols = Math.max(1, Math.min(4, Math.floor(window.innerWidth / (u * 17))));
    bar.style.setProperty("--cols", String(cols));
    bar.classList.remove("compact");
    fitNames();
    // A small page keeps most of its height for the board: one line per standing.
    if (page === "overlay" && bar.offsetHeight > 0.3 * window.innerHeight) {
      bar.classList.add("compact");
      fitNames();
    }
  }

  // An objective's name too long for its tile is drawn smaller, down to
  // NAME_MIN of its size, else on two lines (as the streamer view and the PNG
  // draw it).
  const NAME_MIN = 0.75;
  function fitNames() {
    for (const name of bar.querySelectorAll(".tile .name")) {
      name.style.fontSize = "";
      name.classList.remove("two");
      const wide = name.scrollWidth, room = name.clientWidth;
      if (wide <= room || room <= 0) continue;
      // A little under the exact share: text does not shrink quite in proportion.
      const share = (room / wide) * 0.97;
      name.style.fontSize = `${0.9 * Math.max(NAME_MIN, share)}em`;
      // (A compact bar keeps each tile to one line: the name stays smaller, cut short.)
      if (!bar.classList.contains("compact") &&
          (share < NAME_MIN || name.scrollWidth > name.clientWidth)) {
        name.style.fontSize = "";
        name.classList.add("two");
      }
    }
  }

  function lighter(hex) {
    const n = parseInt(hex.slice(1), 16);
    const mix = (c) => Math.round(c + (255 - c) * 0.45);
    return `rgb(${mix(n >> 16)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
  }

  function colour(el, hex) {
    if (typeof hex === "string" && /^#[0-9a-fA-F]{6}$/.test(hex)) {
      el.style.setProperty("--c", hex);
      el.style.setProperty("--t", lighter(hex));
    } else {
      el.style.removeProperty("--c");
      el.style.removeProperty("--t");
    }
  }

  function side(el, s) {
    el.hidden = !s;
    if (!s) return;
    el.querySelector(".name").textContent = s.name;
    el.querySelector(".total").textContent = s.total;
    el.title = `${s.name}: ${s.total}`;
    colour(el, s.colour);
  }

  function showBar(b) {
    side(document.getElementById("side-a"), b.sides[0]);
    side(document.getElementById("side-b"), b.sides[1]);
    bar.querySelector(".title").textContent = b.title;
    const clock = bar.querySelector(".clock");
    clock.textContent = b.result ? `${b.clock}  ·  ${b.result}` : b.clock;
    clock.classList.toggle("result", Boolean(b.result));
    const cells = [];
    for (const t of b.tiles) {
      const cell = document.createElement("div");
      cell.className = "tile";
      const name = document.createElement("div");
      name.className = "name";
      name.textContent = t.name;
      const text = document.createElement("div");
      text.className = "text";
      text.textContent = t.text;
      cell.title = t.detail ? `${t.name}: ${t.text}\n${t.detail}` : `${t.name}: ${t.text}`;
      colour(cell, t.colour);
      cell.append(name, text);
      cells.push(cell);
    }
    tiles.replaceChildren(...cells);
    layout();
  }

  // /camera: the board picture mapped onto the camera's frame. Picture pixels ->
  // board inches (where the board lies in the picture) -> the camera frame's
  // pixels (the homography the game keeps) -> this page's pixels (the page is the
  // frame's size in a browser source; a page of another size shows it scaled).
  function mul(a, b) {
    const m = new Array(9).fill(0);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++)
      m[r * 3 + c] += a[r * 3 + k] * b[k * 3 + c];
    return m;
  }

  function placeCamera(img) {
    const cam = latest && latest.camera, rect = latest && latest.rect, size = latest && latest.size;
    if (!img || !cam || !rect || !size || !(rect[2] > 0)) {
      if (img) img.style.visibility = "hidden";
      shown.camera = null;
      return;
    }
    const [W, H] = cam.board, [fw, fh] = cam.frame, [rx, ry, rw, rh] = rect;
    const s = Math.min(window.innerWidth / fw, window.innerHeight / fh);
    const toBoard = [W / rw, 0, -rx * W / rw, 0, -H / rh, H + ry * H / rh, 0, 0, 1];
    const m = mul([s, 0, 0, 0, s, 0, 0, 0, 1], mul(cam.homography, toBoard));
    img.style.width = `${size[0]}px`;
    img.style.height = `${size[1]}px`;
    img.style.transform = `matrix3d(${m[0]},${m[3]},0,${m[6]},${m[1]},${m[4]},0,${m[7]},` +
      `0,0,1,0,${m[2]},${m[5]},0,${m[8]})`;
    img.style.visibility = "visible";
    shown.camera = m;
    shown.rect = rect;
  }

  // /camera of a game without a camera alignment shows nothing else: this note
  // says why (docs/streaming.md, The camera page).
  function cameraNote(data) {
    const note = document.getElementById("camera-note");
    note.hidden = Boolean(data.camera);
    shown.cameraNote = !note.hidden;
  }

  function shownNow(version) {
    requestAnimationFrame(() => {
      shown.version = version;
      shown.board = boardUrl;
      console.info(`overlay shown ${version}`);
    });
  }

  // The picture comes with the update (no second request); its address names
  // it. Shown as an image (never as markup): nothing in it can run.
  let blobUrl = "";
  function showBoard(url, svg, version) {
    if (!url || url === boardUrl) return shownNow(version);
    if (url === loading) return;
    loading = url;
    const next = new Image();
    next.id = "board-img";
    next.alt = "The board";
    const source = svg ? URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" })) : url;
    next.src = source;
    next.decode().then(() => {
      if (loading !== url) return;
      const old = document.getElementById("board-img");
      if (page === "camera") placeCamera(next);
      old.replaceWith(next);
      if (blobUrl) URL.revokeObjectURL(blobUrl);
      blobUrl = svg ? source : "";
      boardUrl = url;
      loading = "";
      if (latest && latest.board === url) shownNow(latest.version);
    }, () => {
      if (svg) URL.revokeObjectURL(source);
      if (loading === url) loading = "";
    });
  }

  function boardSize() {
    const r = boardBox.getBoundingClientRect();
    return `${Math.round(r.width)}x${Math.round(r.height)}`;
  }

  // The connection is the page's own business: after any error (the server
  // stopped or restarted, a refusal such as 503, a network change) the page
  // says so in a corner and tries again, waiting longer after each failure
  // (1 s, 2 s, 4 s ... 30 s, each a little shuffled so many pages do not come
  // back at the same instant). A browser never opens a closed WebSocket again
  // by itself.
  function reconnecting(on) {
    shown.reconnecting = on;
    status.hidden = !on;
  }

  function retryLater() {
    drop();
    reconnecting(true);
    clearTimeout(retryTimer);
    const wait = Math.min(RETRY_MAX, RETRY_FIRST * 2 ** failures) * (0.8 + Math.random() * 0.4);
    failures = Math.min(failures + 1, 10);
    retryTimer = setTimeout(connect, wait);
    console.info(`overlay reconnecting in ${Math.round(wait)} ms`);
  }

  // The connection given up (a new size, a retry): its close is not news.
  function drop() {
    const old = live;
    live = null;
    if (old) old.close();
  }

  function update(data) {
    latest = data;
    const bar = JSON.stringify(data.bar);
    if (bar !== shownBar) {  // a unit moved: the bar stays as it is
      shownBar = bar;
      showBar(data.bar);
    }
    if (page === "camera") cameraNote(data);
    if (page !== "bar" && boardSize() !== connectedSize) {
      resized();
      return;
    }
    if (page === "bar") shownNow(data.version);
    else {
      if (page === "camera") placeCamera(document.getElementById("board-img"));
      showBoard(data.board, data.svg, data.version);
    }
  }

  // A WebSocket, not an HTTP stream: a browser opens at most six HTTP
  // connections to one address, and a page holding one open for its updates
  // kept a seventh page in the same browser (OBS's browser sources share one)
  // from loading at all.
  function connect() {
    clearTimeout(retryTimer);
    drop();
    let query = "";
    if (page !== "bar") {
      connectedSize = boardSize();
      const [w, h] = connectedSize.split("x");
      query = `?w=${w}&h=${h}` + (page === "camera" ? "&page=camera" : "");
      shown.size = connectedSize;
    }
    const socket = (live = new WebSocket(`ws://${location.host}/live${query}`));
    socket.addEventListener("open", () => {
      if (live !== socket) return;
      failures = 0;
      reconnecting(false);
    });
    // An error is always followed by a close: the close alone starts a retry.
    socket.addEventListener("close", () => {
      if (live === socket) retryLater();
    });
    socket.addEventListener("message", (e) => {
      if (live === socket) update(JSON.parse(e.data));
    });
  }

  let timer = 0;
  function resized() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      layout();
      if (page !== "bar" && boardSize() !== connectedSize) connect();
    }, 150);
  }

  window.addEventListener("resize", resized);
  layout();
  connect();
})();
