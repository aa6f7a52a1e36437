// Rivalwatch application: light progressive enhancement. Every page works without this file.
(function () {
  'use strict';
  const csrf = () => (document.querySelector('input[name=_csrf]') || {}).value || '';

  // Destructive forms ask first.
  document.querySelectorAll('form[data-confirm]').forEach((form) => {
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });

  // Copy buttons.
  document.querySelectorAll('[data-copy]').forEach((button) => {
    button.addEventListener('click', async () => {
      const input = document.querySelector(button.dataset.copy);
      if (!input) return;
      input.select();
      try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand('copy'); }
      button.textContent = 'Copied';
    });
  });

  // A selector that finds the same control again after its region is re-rendered.
  const focusKey = (el) => {
    const form = el.closest('form');
    const row = el.closest('[data-monitor-id],[data-channel]');
    if (!row || !form) return null;
    const rowKey = row.dataset.monitorId ? `[data-monitor-id="${row.dataset.monitorId}"]` : `[data-channel="${row.dataset.channel}"]`;
    return `${rowKey} form[action="${form.getAttribute('action')}"] button`;
  };

  // Live regions: re-fetch a fragment every 2 s while something in it is in progress
  // (a discovery, a check, a delivery); stop when nothing is.
  document.querySelectorAll('[data-refresh]').forEach((region) => {
    const busy = () => region.querySelector(region.dataset.refreshWhile) !== null;
    let rounds = 0;
    let lastHtml = '';
    const tick = async () => {
      if (!busy() || rounds++ > 300) return;
      try {
        const res = await fetch(region.dataset.refresh, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
        // Signed out meanwhile (the fragment redirects to sign in): stop, the next click says so.
        if (res.redirected || !res.ok) return;
        const html = await res.text();
        if (html !== lastHtml) {
          const focusedId = document.activeElement && region.contains(document.activeElement) ? focusKey(document.activeElement) : null;
          region.innerHTML = html;
          lastHtml = html;
          if (focusedId) { const again = region.querySelector(focusedId); if (again) again.focus(); }
        }
      } catch { /* offline for a moment: try again on the next tick */ }
      setTimeout(tick, 1500);
    };
    setTimeout(tick, 1500);
  });

  // "Load more" appends the next page of the inbox without a reload.
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.loadMore) return;
    event.preventDefault();
    const url = new URL(form.dataset.loadMore, location.origin);
    url.searchParams.set('fragment', '1');
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) { location.href = form.dataset.loadMore; return; }
    const list = document.getElementById('changes');
    const template = document.createElement('template');
    template.innerHTML = await res.text();
    const next = template.content.querySelector('[data-next]');
    template.content.querySelectorAll('li.change').forEach((li) => list.appendChild(li));
    if (next && next.dataset.next) form.dataset.loadMore = next.dataset.next;
    else form.remove();
  });

  // Keyboard triage in the inbox: j/k move, Enter opens, r marks reviewed, d dismisses.
  const list = document.querySelector('[data-keyboard-triage]');
  if (list) {
    let index = -1;
    const items = () => Array.from(list.querySelectorAll('.change'));
    const select = (i) => {
      const all = items();
      if (!all.length) return;
      index = Math.max(0, Math.min(all.length - 1, i));
      all.forEach((el) => el.classList.remove('selected'));
      all[index].classList.add('selected');
      all[index].focus();
    };
    const triage = async (status) => {
      const item = items()[index];
      if (!item) return;
      const res = await fetch('/app/changes/' + item.dataset.changeId + '/review', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': csrf() },
        body: new URLSearchParams({ review_status: status }),
      });
      if (!res.ok || res.redirected) { location.reload(); return; }
      const body = await res.json().catch(() => null);
      if (!body) { location.reload(); return; }
      const before = item.dataset.reviewStatus;
      item.dataset.reviewStatus = body.review_status;
      const label = item.querySelector('.review');
      if (label) { label.className = 'review review-' + body.review_status; label.textContent = body.label; }
      // The header counts follow the triage, as a reload would show them.
      const bump = (status, by) => {
        const count = document.querySelector('[data-count="' + status + '"]');
        if (count) count.textContent = String(Math.max(0, Number(count.textContent) + by));
      };
      if (before !== body.review_status) { bump(before, -1); bump(body.review_status, 1); }
      select(index + 1);
    };
    document.addEventListener('keydown', (event) => {
      const target = event.target;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Keys belong to the focused control unless the focus is on the page or a change row.
      if (target !== document.body && !(target instanceof HTMLElement && target.classList.contains('change'))) return;
      if (event.key === 'j') { select(index + 1); event.preventDefault(); }
      else if (event.key === 'k') { select(index - 1); event.preventDefault(); }
      else if (event.key === 'Enter' && index >= 0) { const a = items()[index].querySelector('a.summary'); if (a) a.click(); }
      else if (event.key === 'r' && index >= 0) { triage('acknowledged'); }
      else if (event.key === 'd' && index >= 0) { triage('dismissed'); }
    });
  }
})();

// A competitor's logo that does not load gives way to its initials.
document.querySelectorAll('img.logo').forEach((img) => {
  const fallback = () => {
    const span = document.createElement('span');
    span.className = img.className + ' placeholder';
    span.setAttribute('aria-hidden', 'true');
    span.textContent = img.dataset.initials || '';
    img.replaceWith(span);
  };
  if (img.complete && img.naturalWidth === 0) fallback();
  else img.addEventListener('error', fallback);
});
