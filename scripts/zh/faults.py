"""The words of a page whose server is not answering (static/js/heartbeat.js)."""

from __future__ import annotations

ZH = {
    "The server is not answering…": "服务器没有响应…",
}
