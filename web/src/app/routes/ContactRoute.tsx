import { useEffect } from 'react';
import { ContactRequestModal } from '../../features/contact/components/ContactRequestModal';
import { contactFormClosed, contactFormOpened } from '../../features/contact/slice';
import ContactPage from '../../features/public-site/pages/ContactPage';
import { useAppDispatch } from '../../shared/store/StoreProvider';
import { Button } from '../../shared/ui/Button';
import { Row } from '../../shared/ui/layout';
import { useViewer } from '../hooks/useViewer';

/** The contact page with the contact / advisor request form (public: visitors may ask too). */
export default function ContactRoute() {
  const { contactDefaults } = useViewer();
  const dispatch = useAppDispatch();
  useEffect(
    () => () => {
      dispatch(contactFormClosed());
    },
    [dispatch],
  );
  return (
    <>
      <ContactPage
        requestContact={
          <Row $gap={2}>
            <Button variant="primary" onClick={() => dispatch(contactFormOpened({ kind: 'advisor' }))}>
              Agendar con asesor
            </Button>
            <Button onClick={() => dispatch(contactFormOpened({ kind: 'contact' }))}>Solicitar contacto</Button>
          </Row>
        }
      />
      <ContactRequestModal defaults={contactDefaults} />
    </>
  );
}
