/* global window, document */
// The quote tool for other websites. A site owner pastes:
//   <div data-washdesk-quote></div>
//   <script src="https://YOUR-WASHDESK-SERVER/embed.js" async></script>
// and this script puts the instant photo quote, in a frame, into each such element (or, without
// one, right after the script tag). The frame grows and shrinks with its content: the quote page
// posts its height, and only messages from our own frame and origin are believed.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var MESSAGE = 'washdesk:embed-height';

  function insertFrame(container) {
    if (container.getAttribute('data-washdesk-ready')) return null;
    container.setAttribute('data-washdesk-ready', 'true');
    var frame = document.createElement('iframe');
    frame.src = origin + '/embed/photo-quote';
    frame.title = container.getAttribute('data-title') || 'Instant photo quote';
    // A first guess at the height until the page says how tall it is.
    frame.style.cssText = 'display:block;width:100%;max-width:40rem;height:720px;border:0;overflow:hidden;';
    frame.setAttribute('scrolling', 'no');
    container.appendChild(frame);
    return frame;
  }

  var frames = [];
  var containers = document.querySelectorAll('[data-washdesk-quote]');
  if (containers.length === 0) {
    var holder = document.createElement('div');
    script.parentNode.insertBefore(holder, script.nextSibling);
    containers = [holder];
  }
  for (var i = 0; i < containers.length; i++) {
    var frame = insertFrame(containers[i]);
    if (frame) frames.push(frame);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== MESSAGE || typeof data.height !== 'number') return;
    for (var j = 0; j < frames.length; j++) {
      if (frames[j].contentWindow === event.source) {
        // Bounded, so a misbehaving page cannot make the host page endless.
        frames[j].style.height = Math.max(200, Math.min(Math.ceil(data.height), 10000)) + 'px';
      }
    }
  });
})();
