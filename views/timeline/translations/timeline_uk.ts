<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>TimelineMapping</name>
    <message>
        <source>%1 s</source>
        <translation>%1&#xa0;с</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1&#xa0;д</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1&#xa0;год</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1&#xa0;хв</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1&#xa0;мс</translation>
    </message>
</context>
<context>
    <name>TimelinePainter</name>
    <message>
        <source>recovered</source>
        <translation>відновлено</translation>
    </message>
    <message>
        <source> · response lost</source>
        <translation> · відповідь втрачено</translation>
    </message>
    <message>
        <source>Nothing has happened yet: fire a request or play the scenario.</source>
        <translation>Поки нічого не сталося: надішліть запит або запустіть сценарій.</translation>
    </message>
    <message>
        <source>No lane matches the filter.</source>
        <translation>Жодна доріжка не відповідає фільтру.</translation>
    </message>
    <message>
        <source>ΔT %1</source>
        <translation>ΔT %1</translation>
    </message>
    <message numerus="yes">
        <source> · %n request(s)</source>
        <translation>
            <numerusform> · %n запит</numerusform>
            <numerusform> · %n запити</numerusform>
            <numerusform> · %n запитів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n effect(s)</source>
        <translation>
            <numerusform> · %n ефект</numerusform>
            <numerusform> · %n ефекти</numerusform>
            <numerusform> · %n ефектів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n duplicate(s)</source>
        <translation>
            <numerusform> · %n дублікат</numerusform>
            <numerusform> · %n дублікати</numerusform>
            <numerusform> · %n дублікатів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n lane(s)</source>
        <translation>
            <numerusform> · %n доріжка</numerusform>
            <numerusform> · %n доріжки</numerusform>
            <numerusform> · %n доріжок</numerusform>
        </translation>
    </message>
    <message>
        <source>  — F or double-click to zoom</source>
        <translation>  — F або подвійне клацання, щоб збільшити</translation>
    </message>
    <message>
        <source>now</source>
        <translation>зараз</translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation>
            <numerusform>%n доріжка</numerusform>
            <numerusform>%n доріжки</numerusform>
            <numerusform>%n доріжок</numerusform>
        </translation>
    </message>
    <message>
        <source>lanes matching “%1”</source>
        <translation>доріжки за фільтром «%1»</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>%1 lanes · %2 per pixel row</source>
        <translation>Доріжок: %1 · на рядок пікселів: %2</translation>
    </message>
    <message>
        <source>%1 lanes</source>
        <translation>Доріжок: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation>
            <numerusform>%n доріжку приховано</numerusform>
            <numerusform>%n доріжки приховано</numerusform>
            <numerusform>%n доріжок приховано</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s) hidden</source>
        <translation>
            <numerusform>%n дублікат ефекту приховано</numerusform>
            <numerusform>%n дублікати ефектів приховано</numerusform>
            <numerusform>%n дублікатів ефектів приховано</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation>
            <numerusform>%n дублікат ефекту</numerusform>
            <numerusform>%n дублікати ефектів</numerusform>
            <numerusform>%n дублікатів ефектів</numerusform>
        </translation>
    </message>
    <message>
        <source>retry budget ends</source>
        <translation>кінець бюджету retry</translation>
    </message>
    <message>
        <source>record expires</source>
        <translation>запис спливає</translation>
    </message>
</context>
<context>
    <name>iw</name>
    <message>
        <source>ran handler</source>
        <translation>обробник виконано</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>replayed</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>відхилено</translation>
    </message>
    <message>
        <source>crashed / unknown</source>
        <translation>падіння / невідомо</translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation>запит не дійшов</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>ефект</translation>
    </message>
    <message>
        <source>duplicate effect</source>
        <translation>дублікат ефекту</translation>
    </message>
    <message>
        <source>TTL end</source>
        <translation>кінець TTL</translation>
    </message>
    <message>
        <source>lease end</source>
        <translation>кінець оренди</translation>
    </message>
    <message>
        <source>now</source>
        <translation>зараз</translation>
    </message>
    <message>
        <source>after now (not yet happened)</source>
        <translation>у майбутньому (ще не сталося)</translation>
    </message>
    <message>
        <source>answered 2xx/3xx</source>
        <translation>відповідь 2xx/3xx</translation>
    </message>
    <message>
        <source>answered 4xx</source>
        <translation>відповідь 4xx</translation>
    </message>
    <message>
        <source>answered 5xx, or no answer</source>
        <translation>відповідь 5xx або немає відповіді</translation>
    </message>
</context>
<context>
    <name>iw::TimelineView</name>
    <message>
        <source>in_progress</source>
        <translation>in_progress</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completed</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expired</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>завислий</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Часова шкала</translation>
    </message>
    <message>
        <source>Filter lanes…</source>
        <translation>Фільтр…</translation>
    </message>
    <message>
        <source>Show only lanes whose actor, operation or key contains this text.</source>
        <translation>Показувати лише доріжки, у яких суб’єкт, операція або key містить цей текст.</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>No anomaly: no duplicate effect, stuck in-progress record or payload mismatch.</source>
        <translation>Аномалій немає: ні дублікатів ефектів, ні завислих записів in_progress, ні невідповідностей навантаження.</translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation>
            <numerusform>%n доріжку приховано</numerusform>
            <numerusform>%n доріжки приховано</numerusform>
            <numerusform>%n доріжок приховано</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation>
            <numerusform>%n доріжка</numerusform>
            <numerusform>%n доріжки</numerusform>
            <numerusform>%n доріжок</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation>
            <numerusform>%n дублікат ефекту</numerusform>
            <numerusform>%n дублікати ефектів</numerusform>
            <numerusform>%n дублікатів ефектів</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to show its lanes.</source>
        <translation>Клацніть, щоб показати доріжки ланки.</translation>
    </message>
    <message>
        <source>Click to hide its lanes.</source>
        <translation>Клацніть, щоб приховати доріжки ланки.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n запит</numerusform>
            <numerusform>%n запити</numerusform>
            <numerusform>%n запитів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n effect(s)</source>
        <translation>
            <numerusform>%n ефект</numerusform>
            <numerusform>%n ефекти</numerusform>
            <numerusform>%n ефектів</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record state(s)</source>
        <translation>
            <numerusform>%n стан запису</numerusform>
            <numerusform>%n стани запису</numerusform>
            <numerusform>%n станів запису</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>у момент %1</translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation>запит не дійшов</translation>
    </message>
    <message>
        <source>sent %1</source>
        <translation>надіслано: %1</translation>
    </message>
    <message>
        <source>arrived %1</source>
        <translation>дійшов: %1</translation>
    </message>
    <message>
        <source>decided %1</source>
        <translation>рішення: %1</translation>
    </message>
    <message>
        <source>client %1 · attempt %2 · intent %3</source>
        <translation>клієнт %1 · спроба %2 · намір %3</translation>
    </message>
    <message>
        <source>fingerprint %1…</source>
        <translation>fingerprint %1…</translation>
    </message>
    <message>
        <source>(stored %1…)</source>
        <translation>(збережений %1…)</translation>
    </message>
    <message>
        <source>client outcome: %1</source>
        <translation>результат для клієнта: %1</translation>
    </message>
    <message>
        <source>not known yet</source>
        <translation>поки невідомий</translation>
    </message>
    <message>
        <source>sent %1 · decided %2</source>
        <translation>надіслано: %1 · рішення: %2</translation>
    </message>
    <message>
        <source>the response was lost on its way back</source>
        <translation>відповідь втрачено на зворотному шляху</translation>
    </message>
    <message>
        <source>the response arrived after the client&apos;s timeout</source>
        <translation>відповідь надійшла після тайм-ауту клієнта</translation>
    </message>
    <message>
        <source>effect at %1</source>
        <translation>ефект у момент %1</translation>
    </message>
    <message>
        <source>executed by r%1</source>
        <translation>виконано запитом r%1</translation>
    </message>
    <message>
        <source>intent %1</source>
        <translation>намір %1</translation>
    </message>
    <message>
        <source>duplicate effect: this intent had already executed</source>
        <translation>дублікат ефекту: цей намір уже було виконано</translation>
    </message>
    <message>
        <source>run by the recovery job for the crashed owner; the record was then completed by recovery job (recovered_completed)</source>
        <translation>виконано задачею відновлення замість власника, процес якого впав; потім задача відновлення завершила запис (recovered_completed)</translation>
    </message>
    <message>
        <source>completed by recovery job (recovered_completed) at %1</source>
        <translation>завершено задачею відновлення (recovered_completed) у момент %1</translation>
    </message>
    <message>
        <source>from %1, still so at the end</source>
        <translation>з моменту %1 і до кінця</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2 (%3)</translation>
    </message>
    <message>
        <source>lease until %1</source>
        <translation>оренда до %1</translation>
    </message>
    <message>
        <source>expires_at %1 (an in-progress record is never swept)</source>
        <translation>expires_at %1 (очищення ніколи не видаляє запис у стані in_progress)</translation>
    </message>
    <message>
        <source>written by r%1</source>
        <translation>записано запитом r%1</translation>
    </message>
    <message>
        <source>held by %1&apos;s store</source>
        <translation>у сховищі ланки %1</translation>
    </message>
    <message>
        <source>Zoom to Range</source>
        <translation>Збільшити діапазон</translation>
    </message>
    <message>
        <source>Clear Range</source>
        <translation>Скинути діапазон</translation>
    </message>
    <message>
        <source>Idempotency timeline</source>
        <translation>Часова шкала ідемпотентності</translation>
    </message>
    <message>
        <source>Record states, requests and effects per scope, exported from Idempotency Workbench.</source>
        <translation>Стани записів, запити та ефекти за scope; експортовано з Idempotency Workbench.</translation>
    </message>
    <message>
        <source>Export Timeline as PNG</source>
        <translation>Експортувати часову шкалу в PNG</translation>
    </message>
    <message>
        <source>timeline.png</source>
        <translation>timeline.png</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Зображення PNG (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Не вдалося експортувати</translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation>Не вдалося записати часову шкалу в %1.</translation>
    </message>
    <message>
        <source>Export Timeline as SVG</source>
        <translation>Експортувати часову шкалу в SVG</translation>
    </message>
    <message>
        <source>timeline.svg</source>
        <translation>timeline.svg</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>Рисунки SVG (*.svg)</translation>
    </message>
    <message>
        <source>suspected duplicate effect: its suspected intent, named after r%1 (other keys or none, the same actor, operation and payload), had already executed</source>
        <translation>підозрюваний дублікат ефекту: підозрюваний намір, названий за r%1 (інші key або без key, той самий суб’єкт, операція й навантаження), уже виконувався</translation>
    </message>
    <message>
        <source>%1× (%2 × %3 pixels)</source>
        <translation>%1× (%2 × %3 пікселів)</translation>
    </message>
    <message>
        <source>The same picture in more pixels: 2× or 3× stays sharp on a projector or a slide</source>
        <translation>Та сама картинка в більшій кількості пікселів: 2× або 3× лишаються чіткими на проєкторі й на слайді</translation>
    </message>
    <message>
        <source>Show the &quot;now&quot; marker</source>
        <translation>Показати позначку «зараз»</translation>
    </message>
    <message>
        <source>Leave it out for a picture of the whole run rather than of one instant</source>
        <translation>Зніміть, щоб отримати картинку всього прогону, а не однієї миті</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>&amp;Масштаб:</translation>
    </message>
</context>
<context>
    <name>iw::TimelineZoom</name>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Збільшити</translation>
    </message>
    <message>
        <source>Zoom in on the middle of the visible time (W). Ctrl+wheel zooms around the pointer.</source>
        <translation>Збільшити середину видимого проміжку часу (W). Ctrl+коліщатко миші масштабує відносно вказівника.</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>З&amp;меншити</translation>
    </message>
    <message>
        <source>Undo the last zoom (S): returns to the previous view on the zoom stack, or zooms out when the stack is empty.</source>
        <translation>Скасувати останнє збільшення (S): повернення до попереднього вигляду зі стека масштабів, а якщо стек порожній&#xa0;— зменшення.</translation>
    </message>
    <message>
        <source>Pan &amp;Left</source>
        <translation>Зсунути &amp;ліворуч</translation>
    </message>
    <message>
        <source>Move a quarter of the visible time towards earlier events (A).</source>
        <translation>Зсунути на чверть видимого проміжку до раніших подій (A).</translation>
    </message>
    <message>
        <source>Pan &amp;Right</source>
        <translation>Зсунути &amp;праворуч</translation>
    </message>
    <message>
        <source>Move a quarter of the visible time towards later events (D).</source>
        <translation>Зсунути на чверть видимого проміжку до пізніших подій (D).</translation>
    </message>
    <message>
        <source>&amp;Fit All</source>
        <translation>Показати &amp;все</translation>
    </message>
    <message>
        <source>Show the whole run and every lane (Home).</source>
        <translation>Показати весь прогін і всі доріжки (Home).</translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation>Збільшити ви&amp;ділене</translation>
    </message>
    <message>
        <source>Zoom to the dragged time range, or to the selected request or scope (F).</source>
        <translation>Збільшити виділений мишею проміжок часу або вибраний запит чи scope (F).</translation>
    </message>
    <message>
        <source>Follow &amp;Live</source>
        <translation>&amp;Стежити</translation>
    </message>
    <message>
        <source>Keep the simulation&apos;s current instant in view while it runs (L).</source>
        <translation>Тримати поточний момент моделювання в полі зору, поки воно триває (L).</translation>
    </message>
    <message>
        <source>Jump to First &amp;Anomaly</source>
        <translation>До першої &amp;аномалії</translation>
    </message>
    <message>
        <source>Select and zoom to the first duplicate effect, stuck in-progress record or payload mismatch (N); press again for the next one.</source>
        <translation>Виділити й збільшити перший дублікат ефекту, завислий запис in_progress або невідповідність навантаження (N); натисніть ще раз, щоб перейти до наступної аномалії.</translation>
    </message>
    <message>
        <source>&amp;Collapse Idle Lanes</source>
        <translation>З&amp;горнути порожні доріжки</translation>
    </message>
    <message>
        <source>Hide lanes with nothing happening in the visible time range.</source>
        <translation>Приховати доріжки, на яких у видимому проміжку часу нічого не відбувається.</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation>Експортувати шкалу в &amp;PNG…</translation>
    </message>
    <message>
        <source>Save the current timeline view, with axis and legend, as a PNG image.</source>
        <translation>Зберегти поточний вигляд часової шкали з віссю та легендою як зображення PNG.</translation>
    </message>
    <message>
        <source>Export Timeline as S&amp;VG…</source>
        <translation>Експортувати шкалу в S&amp;VG…</translation>
    </message>
    <message>
        <source>Save the current timeline view, with axis and legend, as an SVG drawing.</source>
        <translation>Зберегти поточний вигляд часової шкали з віссю та легендою як рисунок SVG.</translation>
    </message>
</context>
</TS>
