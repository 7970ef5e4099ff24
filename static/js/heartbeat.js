// Every live page: a socket the server closes with 4503 (it lost the groups that bring its
// frames: lobby/consumers/liveness.py) connects again, as the socket extension itself does
// after 1006, 1011, 1012 and 1013. A table page (data-heartbeat on its ws-connect element)
// also pings its server and, when nothing comes back, shows #not-answering and in the end
// connects again: a paused or cut-off server otherwise looks like a table where nobody
// moves. Every page pings alike, whatever its seat (docs/PROTOCOL.md, "ping").
(() => {
  "use strict";

  const CLOSE_RECONNECT = 4503;
  const PING_MS = 5000; // a ping every 5 s while the socket is open and answering
  const QUIET_MS = 4000; // nothing heard this long after a ping: the badge
  const DEAF_MS = 15000; // nothing heard this long after a ping: connect again
  const REJOIN_SPREAD_MS = 1000; // pages closed together do not all come back at once

  let wrapper = null; // the socket extension's wrapper of the open socket
  let socket = null; // the open WebSocket itself
  let pingedAt = 0; // when the oldest ping not yet answered was sent (0: none)
  let sentAt = 0; // when the last ping was sent

  const badge = () => document.getElementById("not-answering");
  const beating = (event) => event.target.closest && event.target.closest("[data-heartbeat]");

  function heard() {
    pingedAt = 0;
    const b = badge();
    if (b) b.hidden = true;
  }

  function beat() {
    if (!wrapper || !socket || socket.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (pingedAt === 0) {
      if (now - sentAt < PING_MS) return;
      wrapper.send(JSON.stringify({ action: "ping" }));
      pingedAt = sentAt = now;
      return;
    }
    const quiet = now - pingedAt;
    const b = badge();
    if (b && quiet >= QUIET_MS) b.hidden = false;
    if (quiet >= DEAF_MS) {
      pingedAt = 0;
      socket = null;
      wrapper.reconnect();
    }
  }

  function start() {
    document.addEventListener("htmx:wsOpen", (event) => {
      if (!beating(event)) return;
      wrapper = event.detail.socketWrapper;
      socket = event.detail.event.target;
      pingedAt = 0;
    });
    document.addEventListener("htmx:wsAfterMessage", (event) => {
      if (beating(event)) heard();
    });
    document.addEventListener("htmx:wsClose", (event) => {
      const closed = event.detail.event;
      if (closed.target === socket) socket = null;
      if (closed.code === CLOSE_RECONNECT) {
        const again = event.detail.socketWrapper;
        setTimeout(() => again.reconnect(), Math.random() * REJOIN_SPREAD_MS);
      }
    });
    // The badge stays up while no new socket answers; pings go only on an open one.
    setInterval(() => {
      if (pingedAt !== 0 && !socket && Date.now() - pingedAt >= QUIET_MS) {
        const b = badge();
        if (b) b.hidden = false;
      }
      beat();
    }, PING_MS / 5);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
