<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
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
        <translation>%1&#xa0;ч</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1&#xa0;мин</translation>
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
        <translation>восстановлено</translation>
    </message>
    <message>
        <source> · response lost</source>
        <translation> · ответ потерян</translation>
    </message>
    <message>
        <source>Nothing has happened yet: fire a request or play the scenario.</source>
        <translation>Пока ничего не произошло: отправьте запрос или запустите сценарий.</translation>
    </message>
    <message>
        <source>No lane matches the filter.</source>
        <translation>Ни одна дорожка не подходит под фильтр.</translation>
    </message>
    <message>
        <source>ΔT %1</source>
        <translation>ΔT %1</translation>
    </message>
    <message numerus="yes">
        <source> · %n request(s)</source>
        <translation>
            <numerusform> · %n запрос</numerusform>
            <numerusform> · %n запроса</numerusform>
            <numerusform> · %n запросов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n effect(s)</source>
        <translation>
            <numerusform> · %n эффект</numerusform>
            <numerusform> · %n эффекта</numerusform>
            <numerusform> · %n эффектов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n duplicate(s)</source>
        <translation>
            <numerusform> · %n дубль</numerusform>
            <numerusform> · %n дубля</numerusform>
            <numerusform> · %n дублей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n lane(s)</source>
        <translation>
            <numerusform> · %n дорожка</numerusform>
            <numerusform> · %n дорожки</numerusform>
            <numerusform> · %n дорожек</numerusform>
        </translation>
    </message>
    <message>
        <source>  — F or double-click to zoom</source>
        <translation>  — F или двойной щелчок, чтобы увеличить</translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation>
            <numerusform>%n дорожка</numerusform>
            <numerusform>%n дорожки</numerusform>
            <numerusform>%n дорожек</numerusform>
        </translation>
    </message>
    <message>
        <source>lanes matching “%1”</source>
        <translation>дорожки по фильтру «%1»</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>%1 lanes · %2 per pixel row</source>
        <translation>Дорожек: %1 · на строку пикселей: %2</translation>
    </message>
    <message>
        <source>%1 lanes</source>
        <translation>Дорожек: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation>
            <numerusform>%n дорожка скрыта</numerusform>
            <numerusform>%n дорожки скрыты</numerusform>
            <numerusform>%n дорожек скрыто</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s) hidden</source>
        <translation>
            <numerusform>%n дубль эффекта скрыт</numerusform>
            <numerusform>%n дубля эффектов скрыты</numerusform>
            <numerusform>%n дублей эффектов скрыто</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation>
            <numerusform>%n дубль эффекта</numerusform>
            <numerusform>%n дубля эффектов</numerusform>
            <numerusform>%n дублей эффектов</numerusform>
        </translation>
    </message>
    <message>
        <source>retry budget ends</source>
        <translation>конец бюджета retry</translation>
    </message>
    <message>
        <source>record expires</source>
        <translation>запись истекает</translation>
    </message>
</context>
<context>
    <name>iw</name>
    <message>
        <source>ran handler</source>
        <translation>обработчик выполнен</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>replayed</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <source>crashed / unknown</source>
        <translation>падение / неизвестно</translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation>запрос не дошёл</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>эффект</translation>
    </message>
    <message>
        <source>duplicate effect</source>
        <translation>дубль эффекта</translation>
    </message>
    <message>
        <source>TTL end</source>
        <translation>конец TTL</translation>
    </message>
    <message>
        <source>lease end</source>
        <translation>конец аренды</translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>after now (not yet happened)</source>
        <translation>в будущем (ещё не произошло)</translation>
    </message>
    <message>
        <source>answered 2xx/3xx</source>
        <translation>ответ 2xx/3xx</translation>
    </message>
    <message>
        <source>answered 4xx</source>
        <translation>ответ 4xx</translation>
    </message>
    <message>
        <source>answered 5xx, or no answer</source>
        <translation>ответ 5xx или нет ответа</translation>
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
        <translation>зависшая</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Временная шкала</translation>
    </message>
    <message>
        <source>Filter lanes…</source>
        <translation>Фильтр…</translation>
    </message>
    <message>
        <source>Show only lanes whose actor, operation or key contains this text.</source>
        <translation>Показывать только дорожки, у которых субъект, операция или key содержит этот текст.</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>No anomaly: no duplicate effect, stuck in-progress record or payload mismatch.</source>
        <translation>Аномалий нет: ни дублей эффектов, ни зависших записей in_progress, ни несоответствий нагрузки.</translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation>
            <numerusform>%n дорожка скрыта</numerusform>
            <numerusform>%n дорожки скрыты</numerusform>
            <numerusform>%n дорожек скрыто</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation>
            <numerusform>%n дорожка</numerusform>
            <numerusform>%n дорожки</numerusform>
            <numerusform>%n дорожек</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation>
            <numerusform>%n дубль эффекта</numerusform>
            <numerusform>%n дубля эффектов</numerusform>
            <numerusform>%n дублей эффектов</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to show its lanes.</source>
        <translation>Щёлкните, чтобы показать дорожки звена.</translation>
    </message>
    <message>
        <source>Click to hide its lanes.</source>
        <translation>Щёлкните, чтобы скрыть дорожки звена.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n запрос</numerusform>
            <numerusform>%n запроса</numerusform>
            <numerusform>%n запросов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n effect(s)</source>
        <translation>
            <numerusform>%n эффект</numerusform>
            <numerusform>%n эффекта</numerusform>
            <numerusform>%n эффектов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record state(s)</source>
        <translation>
            <numerusform>%n состояние записи</numerusform>
            <numerusform>%n состояния записи</numerusform>
            <numerusform>%n состояний записи</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>в момент %1</translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation>запрос не дошёл</translation>
    </message>
    <message>
        <source>sent %1</source>
        <translation>отправлен: %1</translation>
    </message>
    <message>
        <source>arrived %1</source>
        <translation>дошёл: %1</translation>
    </message>
    <message>
        <source>decided %1</source>
        <translation>решение: %1</translation>
    </message>
    <message>
        <source>client %1 · attempt %2 · intent %3</source>
        <translation>клиент %1 · попытка %2 · намерение %3</translation>
    </message>
    <message>
        <source>fingerprint %1…</source>
        <translation>fingerprint %1…</translation>
    </message>
    <message>
        <source>(stored %1…)</source>
        <translation>(сохранённый %1…)</translation>
    </message>
    <message>
        <source>client outcome: %1</source>
        <translation>исход для клиента: %1</translation>
    </message>
    <message>
        <source>not known yet</source>
        <translation>пока неизвестен</translation>
    </message>
    <message>
        <source>sent %1 · decided %2</source>
        <translation>отправлен: %1 · решение: %2</translation>
    </message>
    <message>
        <source>the response was lost on its way back</source>
        <translation>ответ потерян на обратном пути</translation>
    </message>
    <message>
        <source>the response arrived after the client&apos;s timeout</source>
        <translation>ответ пришёл после тайм-аута клиента</translation>
    </message>
    <message>
        <source>effect at %1</source>
        <translation>эффект в момент %1</translation>
    </message>
    <message>
        <source>executed by r%1</source>
        <translation>выполнен запросом r%1</translation>
    </message>
    <message>
        <source>intent %1</source>
        <translation>намерение %1</translation>
    </message>
    <message>
        <source>duplicate effect: this intent had already executed</source>
        <translation>дубль эффекта: это намерение уже было выполнено</translation>
    </message>
    <message>
        <source>run by the recovery job for the crashed owner; the record was then completed by recovery job (recovered_completed)</source>
        <translation>выполнен заданием восстановления вместо владельца, процесс которого упал; затем задание восстановления завершило запись (recovered_completed)</translation>
    </message>
    <message>
        <source>completed by recovery job (recovered_completed) at %1</source>
        <translation>завершена заданием восстановления (recovered_completed) в момент %1</translation>
    </message>
    <message>
        <source>from %1, still so at the end</source>
        <translation>с момента %1 и до конца</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2 (%3)</translation>
    </message>
    <message>
        <source>lease until %1</source>
        <translation>аренда до %1</translation>
    </message>
    <message>
        <source>expires_at %1 (an in-progress record is never swept)</source>
        <translation>expires_at %1 (очистка никогда не удаляет запись in_progress)</translation>
    </message>
    <message>
        <source>written by r%1</source>
        <translation>записана запросом r%1</translation>
    </message>
    <message>
        <source>held by %1&apos;s store</source>
        <translation>в хранилище звена %1</translation>
    </message>
    <message>
        <source>Zoom to Range</source>
        <translation>Увеличить диапазон</translation>
    </message>
    <message>
        <source>Clear Range</source>
        <translation>Сбросить диапазон</translation>
    </message>
    <message>
        <source>Idempotency timeline</source>
        <translation>Временная шкала идемпотентности</translation>
    </message>
    <message>
        <source>Record states, requests and effects per scope, exported from Idempotency Workbench.</source>
        <translation>Состояния записей, запросы и эффекты по scope; экспортировано из Idempotency Workbench.</translation>
    </message>
    <message>
        <source>Export Timeline as PNG</source>
        <translation>Экспортировать временную шкалу в PNG</translation>
    </message>
    <message>
        <source>timeline.png</source>
        <translation>timeline.png</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Изображения PNG (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Не удалось экспортировать</translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation>Не удалось записать временную шкалу в %1.</translation>
    </message>
    <message>
        <source>Export Timeline as SVG</source>
        <translation>Экспортировать временную шкалу в SVG</translation>
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
        <translation>подозреваемый дубль эффекта: подозреваемое намерение, названное по r%1 (другие key или без key, тот же субъект, операция и нагрузка), уже выполнялось</translation>
    </message>
    <message>
        <source>%1× (%2 × %3 pixels)</source>
        <translation>%1× (%2 × %3 пикселей)</translation>
    </message>
    <message>
        <source>The same picture in more pixels: 2× or 3× stays sharp on a projector or a slide</source>
        <translation>Та же картинка в большем числе пикселей: 2× или 3× остаются чёткими на проекторе и на слайде</translation>
    </message>
    <message>
        <source>Show the &quot;now&quot; marker</source>
        <translation>Показать отметку «сейчас»</translation>
    </message>
    <message>
        <source>Leave it out for a picture of the whole run rather than of one instant</source>
        <translation>Снимите, чтобы получить картинку всего прогона, а не одного момента</translation>
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
        <translation>&amp;Увеличить</translation>
    </message>
    <message>
        <source>Zoom in on the middle of the visible time (W). Ctrl+wheel zooms around the pointer.</source>
        <translation>Увеличить середину видимого интервала времени (W). Ctrl+колесо мыши масштабирует относительно указателя.</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>У&amp;меньшить</translation>
    </message>
    <message>
        <source>Undo the last zoom (S): returns to the previous view on the zoom stack, or zooms out when the stack is empty.</source>
        <translation>Отменить последнее увеличение (S): возврат к предыдущему виду из стека масштабов, а если стек пуст&#xa0;— уменьшение.</translation>
    </message>
    <message>
        <source>Pan &amp;Left</source>
        <translation>Сдвинуть в&amp;лево</translation>
    </message>
    <message>
        <source>Move a quarter of the visible time towards earlier events (A).</source>
        <translation>Сдвинуть на четверть видимого интервала к более ранним событиям (A).</translation>
    </message>
    <message>
        <source>Pan &amp;Right</source>
        <translation>Сдвинуть вп&amp;раво</translation>
    </message>
    <message>
        <source>Move a quarter of the visible time towards later events (D).</source>
        <translation>Сдвинуть на четверть видимого интервала к более поздним событиям (D).</translation>
    </message>
    <message>
        <source>&amp;Fit All</source>
        <translation>&amp;Показать всё</translation>
    </message>
    <message>
        <source>Show the whole run and every lane (Home).</source>
        <translation>Показать весь прогон и все дорожки (Home).</translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation>Увеличить &amp;выделенное</translation>
    </message>
    <message>
        <source>Zoom to the dragged time range, or to the selected request or scope (F).</source>
        <translation>Увеличить выделенный мышью интервал времени либо выбранный запрос или scope (F).</translation>
    </message>
    <message>
        <source>Follow &amp;Live</source>
        <translation>&amp;Следить</translation>
    </message>
    <message>
        <source>Keep the simulation&apos;s current instant in view while it runs (L).</source>
        <translation>Держать текущий момент моделирования в поле зрения, пока оно идёт (L).</translation>
    </message>
    <message>
        <source>Jump to First &amp;Anomaly</source>
        <translation>К первой &amp;аномалии</translation>
    </message>
    <message>
        <source>Select and zoom to the first duplicate effect, stuck in-progress record or payload mismatch (N); press again for the next one.</source>
        <translation>Выделить и увеличить первый дубль эффекта, зависшую запись in_progress или несоответствие нагрузки (N); нажмите ещё раз, чтобы перейти к следующей аномалии.</translation>
    </message>
    <message>
        <source>&amp;Collapse Idle Lanes</source>
        <translation>Свернуть пустые &amp;дорожки</translation>
    </message>
    <message>
        <source>Hide lanes with nothing happening in the visible time range.</source>
        <translation>Скрыть дорожки, на которых в видимом интервале времени ничего не происходит.</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation>Экспортировать шкалу в &amp;PNG…</translation>
    </message>
    <message>
        <source>Save the current timeline view, with axis and legend, as a PNG image.</source>
        <translation>Сохранить текущий вид временной шкалы с осью и легендой как изображение PNG.</translation>
    </message>
    <message>
        <source>Export Timeline as S&amp;VG…</source>
        <translation>Экспортировать шкалу в S&amp;VG…</translation>
    </message>
    <message>
        <source>Save the current timeline view, with axis and legend, as an SVG drawing.</source>
        <translation>Сохранить текущий вид временной шкалы с осью и легендой как рисунок SVG.</translation>
    </message>
</context>
</TS>
