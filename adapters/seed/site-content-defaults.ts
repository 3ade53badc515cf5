import type { HomeSections } from '../../contract/content';

/**
 * The home's first text: what every section shows until an editor saves it in the back office
 * (Contenido del sitio). Saved sections replace these one by one.
 */
export const HOME_DEFAULTS: HomeSections = {
  hero: {
    title: 'Su vivienda, con el respaldo de su empresa',
    text: 'Acceda a proyectos inmobiliarios con beneficios exclusivos para colaboradores de empresas en convenio: aporte al pie de su empleador, simulación de dividendo y asesoría personalizada.',
  },
  about: {
    title: 'Quiénes somos',
    text: 'Conectamos a colaboradores de empresas en convenio con proyectos inmobiliarios seleccionados. Su empleador puede aportar a su pie, las inmobiliarias ofrecen condiciones preferentes y nuestros asesores lo acompañan desde la primera simulación hasta la escritura.',
    note: 'Precios en UF y en pesos con el valor de la UF del día; reservas pagadas en línea y reembolsables si la unidad no se confirma.',
  },
  services: {
    title: 'Cómo lo acompañamos',
    steps: [
      { title: 'Regístrese', text: 'Cree su cuenta con su email laboral y su RUT; validamos su convenio con su empresa.' },
      { title: 'Explore y compare', text: 'Filtre proyectos por comuna, tipo, dormitorios, precio, amenidades y estado de obra.' },
      { title: 'Simule y cotice', text: 'Calcule su dividendo en UF y pesos con el aporte de su empresa y reciba su cotización en PDF.' },
      { title: 'Reserve en línea', text: 'Reserve la unidad que eligió y pague la reserva en Webpay: queda a su nombre al instante.' },
      { title: 'Firme con asesoría', text: 'Un asesor lo acompaña con el crédito hipotecario, los subsidios, la promesa y la escritura.' },
    ],
  },
  stats: { title: 'Nuestras cifras', clients: 2500, propertiesSold: 1200, millionsInvested: 85000, yearsOfExperience: 15 },
  subsidies: {
    title: 'Subsidios habitacionales',
    intro: 'Los subsidios del Estado se suman a su pie. Nuestros asesores le ayudan a postular.',
    items: [
      { title: 'DS1: sectores medios', text: 'Para familias con capacidad de ahorro que compran su primera vivienda, nueva o usada, con crédito hipotecario.' },
      { title: 'DS19: integración social', text: 'Proyectos que integran familias de distintos ingresos, con un subsidio que se suma al ahorro y al crédito.' },
      { title: 'DS49: fondo solidario', text: 'Para familias vulnerables sin crédito hipotecario, postulando de forma individual o colectiva.' },
    ],
  },
  testimonials: {
    title: 'Testimonios',
    items: [
      {
        text: 'Con el aporte de mi empresa al pie pude comprar antes de lo que pensaba. La simulación fue exactamente lo que pagué.',
        who: 'Carolina M., analista, Santiago',
      },
      {
        text: 'Reservé el departamento en línea un domingo y el lunes ya tenía a mi asesora llamándome para el crédito.',
        who: 'Felipe R., ingeniero, Concepción',
      },
      { text: 'Me ayudaron a postular al subsidio DS1 y a entender cada cifra en UF y en pesos.', who: 'Daniela S., técnica en enfermería, La Serena' },
    ],
  },
  otherAssets: {
    title: 'Otros activos',
    intro: 'Además de viviendas, ofrecemos activos para invertir o para su negocio.',
    items: [
      { title: 'Oficinas', text: 'Plantas libres y oficinas habilitadas en polos de negocios.', type: 'office' },
      { title: 'Locales comerciales', text: 'Locales a la calle y en centros comerciales con alto flujo.', type: 'commercial' },
      { title: 'Bodegas', text: 'Bodegas y espacios de almacenaje en edificios y centros logísticos.', type: 'storage_unit' },
      { title: 'Industrial', text: 'Galpones y centros logísticos con andenes de carga.', type: 'warehouse' },
    ],
  },
};
