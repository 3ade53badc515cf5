/* Service worker of Vivienda Colaboradores: shows Web Push notifications (nothing is cached here). */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Vivienda Colaboradores', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Vivienda Colaboradores', {
      body: data.body || '',
      tag: data.tag,
      lang: 'es-CL',
      data: { link: data.link || '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data && event.notification.data.link) || '/dashboard', self.location.origin);
  // Only the app's own pages: a payload never sends the person elsewhere.
  const target = link.origin === self.location.origin ? link.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) if ('focus' in client) return client.navigate(target).then((c) => (c ? c.focus() : undefined));
      return self.clients.openWindow(target);
    }),
  );
});
