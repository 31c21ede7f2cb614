// The published page's only script, inlined under a CSP hash (public-page.ts): the in-page
// search, the count of opened questions and, framed, the page's height. The page works
// without it. It stands before the questions, so the search box is shown before the page is
// first laid out (not laid out again after), and it touches no question until it must.
(function () {
  var root = document.getElementById('faq');
  var box = document.getElementById('search');
  var input = document.getElementById('q');
  var status = document.getElementById('status');
  if (!root || !box || !input || !status) return;
  box.hidden = false;
  var questions = function () {
    return Array.prototype.slice.call(root.querySelectorAll('details'));
  };
  var fold = function (text) {
    return text.normalize('NFKC').toLowerCase();
  };
  var list = null;
  var texts = null;
  input.addEventListener('input', function () {
    list = list || questions();
    texts =
      texts ||
      list.map(function (item) {
        return fold(item.textContent || '');
      });
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    list.forEach(function (item, index) {
      var match = words.every(function (word) {
        return texts[index].indexOf(word) >= 0;
      });
      item.hidden = !match;
      if (match) shown++;
    });
    status.textContent = words.length
      ? shown
        ? shown + '件の質問が見つかりました'
        : '該当する質問はありません'
      : '';
  });
  // The iframe version tells the page around it how tall it is, so an opened answer is never
  // cut off: the dialog's iframe snippet sets the frame's height from this message and no
  // other. Only a height is said, which any page may know; the page itself cannot be framed.
  if (window.parent !== window && window.ResizeObserver) {
    new ResizeObserver(function () {
      var height = Math.ceil(document.body.getBoundingClientRect().height);
      window.parent.postMessage({ type: 'faq-kobo-height', height: height }, '*');
    }).observe(document.body);
  }
  // Counts only, never who: nothing is sent when the browser asks not to be tracked.
  var gpc = navigator.globalPrivacyControl === true;
  if (navigator.doNotTrack === '1' || gpc || !navigator.sendBeacon) return;
  var slug = root.getAttribute('data-slug');
  var sent = {};
  // toggle does not bubble, but it can be caught on its way down: one listener for all.
  root.addEventListener(
    'toggle',
    function (event) {
      var item = event.target;
      if (!item.open) return;
      var index = questions().indexOf(item);
      if (index < 0 || sent[index]) return;
      sent[index] = true;
      navigator.sendBeacon('/f/' + slug + '/opened?q=' + index);
    },
    true,
  );
})();
