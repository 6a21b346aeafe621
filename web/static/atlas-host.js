/*
 * Parallelism Atlas host helper (for course pages that embed the atlas in an iframe).
 * Include once after your iframes:  <script src=".../atlas-host.js"></script>
 * Every <iframe data-atlas-embed> is resized to its content. Messages from the atlas are
 * re-dispatched on the iframe as DOM events, e.g. iframe.addEventListener('atlas:answered', e => e.detail).
 * Protocol (all messages are objects with a string `type`):
 *   host → atlas  {type: "atlas:hello"}                      sent when the frame loads
 *   atlas → host  {type: "atlas:welcome", version, height}   reply to hello
 *   atlas → host  {type: "atlas:resize", height}             content height in CSS pixels
 *   atlas → host  {type: "atlas:answered", ...}              a graded answer (xAPI-shaped; README)
 */
(function () {
  'use strict';

  /* A frame follows its content as it grows and as it shrinks; a host that wants a limit sets
     data-atlas-max-height="<px>" on the iframe (the rest then scrolls inside the frame). */
  function maxHeight(frame) {
    var cap = parseFloat(frame.getAttribute('data-atlas-max-height'));
    return isFinite(cap) && cap > 0 ? cap : Infinity;
  }

  function frames() {
    return Array.prototype.slice.call(document.querySelectorAll('iframe[data-atlas-embed]'));
  }

  function frameFor(source) {
    var list = frames();
    for (var i = 0; i < list.length; i++) if (list[i].contentWindow === source) return list[i];
    return null;
  }

  function hello(frame) {
    try {
      frame.contentWindow.postMessage({ type: 'atlas:hello' }, '*');
    } catch (e) {
      /* frame not ready: it reports its height on load anyway */
    }
  }

  window.addEventListener('message', function (event) {
    var frame = frameFor(event.source);
    var data = event.data;
    if (!frame || !data || typeof data !== 'object' || typeof data.type !== 'string') return;
    if (data.type.indexOf('atlas:') !== 0) return;
    if (
      (data.type === 'atlas:resize' || data.type === 'atlas:welcome') &&
      typeof data.height === 'number' &&
      isFinite(data.height) &&
      data.height > 0
    ) {
      frame.style.height = Math.min(Math.ceil(data.height), maxHeight(frame)) + 'px';
    }
    var detail = {};
    for (var key in data) if (Object.prototype.hasOwnProperty.call(data, key)) detail[key] = data[key];
    frame.dispatchEvent(new CustomEvent(data.type, { detail: detail }));
  });

  frames().forEach(function (frame) {
    frame.style.border = frame.style.border || '0';
    frame.style.width = frame.style.width || '100%';
    frame.addEventListener('load', function () {
      hello(frame);
    });
    hello(frame);
  });
})();
