// swarmtui web: point textual.js at this server's websocket, and say why a session closed.
// Loaded before textual.js, which reads the terminal's data-session-websocket-url at window load.
(function () {
  "use strict";
  var NativeWebSocket = window.WebSocket;
  function SessionSocket(url, protocols) {
    var socket = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    socket.addEventListener("close", function (event) {
      var message = document.querySelector(".closed-dialog .message");
      if (message && event.reason) {
        message.textContent = event.reason;
      }
    });
    return socket;
  }
  SessionSocket.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    SessionSocket[name] = NativeWebSocket[name];
  });
  window.WebSocket = SessionSocket;
  document.addEventListener("DOMContentLoaded", function () {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    document.querySelectorAll(".textual-terminal").forEach(function (terminal) {
      terminal.dataset.sessionWebsocketUrl = scheme + window.location.host + "/ws";
    });
    document.querySelectorAll("button.restart").forEach(function (button) {
      button.addEventListener("click", function () { window.location.reload(); });
    });
  });
})();
